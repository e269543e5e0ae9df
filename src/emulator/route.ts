/** One entry of the emulator's route table (router.ts) and what its handler is given. */
import type { EmulatorState } from './state.js'

export interface RouteContext {
  s: EmulatorState
  request: Request
  /** Upper case. */
  method: string
  /** The path below the emulator's base path, as sent. */
  path: string
  url: URL
  /** Percent-decoded values of the pattern's `:name` segments. */
  params: Record<string, string>
}

export interface Route {
  /** `/id/v2`, or with `:name` segments (`/challenge/:id/v2`) matched one decoded segment each. */
  path: string
  /** Only this method; any other goes on to the next routes (and ends in 404). */
  method?: string
  /** These methods; any other is a 405 naming them. Without `method` or `allow` the handler decides. */
  allow?: readonly string[]
  handle(context: RouteContext): Promise<Response> | Response
}
