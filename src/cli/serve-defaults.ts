/** What `docsgen serve` assumes unless told otherwise, shared by its help (serve-command.ts) and its runner (run-serve.ts). */

/** Where the emulator answers on the site's origin: in the folder the build keeps, so no page can be there. */
export const PROVIDER_PREFIX = '/_docsgen/provider'
/** The seed read from the site folder when --fixture is not given. */
export const DEFAULT_FIXTURE = 'emulator.yaml'
