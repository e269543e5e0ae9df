/** What `memo`, `forwardRef` and `lazy` return: objects React tags with one of these. */
const componentTags = new Set([Symbol.for('react.memo'), Symbol.for('react.forward_ref'), Symbol.for('react.lazy')])

/**
 * Whether a module's default export is something React renders as a component: a function or
 * class, or what `memo`, `forwardRef` and `lazy` return; not an element (`export default <p/>`).
 */
export function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && componentTags.has((value as { $$typeof?: symbol }).$$typeof!))
}
