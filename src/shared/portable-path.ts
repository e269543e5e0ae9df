/**
 * Names that become files on every system a site is checked out, built or deployed on. A source
 * file name, a folder, a slug or a base path turns into a route and then into an output file, so
 * each part must be a name Windows, macOS and Linux all store as written, and no part may climb
 * out of its folder. Pure, so the config, the content and the write stage ask the same question.
 */

// Windows reserves these device names with any extension (`nul.md` is the device NUL).
const reservedName = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i
// Characters Windows refuses in names, and every control character.
const forbiddenCharacter = /[<>:"|?*\\\u0000-\u001f\u007f]/

/** Why `name` cannot be one file or folder name on every system, or undefined when it can. */
export function portableNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty'
  if (name === '..') return 'climbs out of its folder'
  if (name === '.') return 'names its own folder'
  if (name.includes('/')) return 'contains "/"'
  const character = forbiddenCharacter.exec(name)?.[0]
  if (character !== undefined) return `contains ${describeCharacter(character)}, a character Windows does not allow in names`
  if (reservedName.test(name)) return 'is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension)'
  if (/[. ]$/.test(name)) return `ends with ${name.endsWith('.') ? 'a dot' : 'a space'} (Windows drops it)`
  return undefined
}

/**
 * Why `path` cannot be a route path (`/docs/Guides/intro`, `/docs/Lotus Byte/`: decoded, starting
 * with "/", a trailing "/" allowed), or undefined when every part of it is a portable name.
 */
export function routePathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'does not start with "/"'
  if (path === '/') return undefined
  const parts = path.slice(1, path.endsWith('/') ? -1 : undefined).split('/')
  for (const part of parts) {
    if (part === '') return 'has an empty part ("//"), which a browser reads as the start of a host name'
    const problem = portableNameProblem(part)
    if (problem !== undefined) return `has the part "${part}", which ${problem}`
  }
  return undefined
}

/**
 * The key two names collide under on a host that ignores letter case (macOS, Windows) or Unicode
 * normalisation (macOS keeps one of the NFC and NFD spellings of "café").
 */
export function collisionKey(name: string): string {
  // ASCII is its own NFC form, lower case included: most names, asked for once per file and route.
  return asciiOnly.test(name) ? name.toLowerCase() : name.normalize('NFC').toLowerCase().normalize('NFC')
}

const asciiOnly = /^[\u0000-\u007f]*$/

function describeCharacter(character: string): string {
  const code = character.charCodeAt(0)
  return code < 0x20 || code === 0x7f ? `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `"${character}"`
}

/**
 * The folders above a relative file path, nearest first (`a/b/c.html` → `a/b`, `a`). Ends at the
 * top however the path is spelt, so a stray leading "/" can never loop.
 */
export function parentFolders(file: string): string[] {
  const folders: string[] = []
  for (let end = file.lastIndexOf('/'); end > 0; end = file.lastIndexOf('/', end - 1)) folders.push(file.slice(0, end))
  return folders
}
