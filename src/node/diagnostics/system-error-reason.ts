/**
 * Why a system call failed, in our words: Node's messages (`EACCES: permission denied, open
 * '/site/a.md'`) are the platform's wording, and repeat the path the diagnostic already names.
 */
export function systemErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === undefined) return 'an unexpected error'
  return reasons[code] ?? `the system refused it (${code})`
}

const reasons: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'it was removed while the build was reading',
  ENOTDIR: 'a part of its path is not a folder',
  EISDIR: 'it is a folder',
  ELOOP: 'its symbolic links form a loop',
  ENAMETOOLONG: 'its path is too long',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'an input/output error',
  EBUSY: 'it is busy',
  EEXIST: 'a file is in the way of a folder',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
}
