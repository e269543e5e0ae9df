/**
 * Whether a module's default export is something React renders as a component: a function or
 * class, or what `memo`, `forwardRef` and `lazy` return (objects React tags with `$$typeof`).
 */
export function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)
}
