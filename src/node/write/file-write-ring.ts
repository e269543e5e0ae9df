/**
 * Shared memory through which the rendering thread hands files to the thread that writes them
 * (file-write-thread.ts, file-write-worker.ts). A message a file cost about as much as the
 * system calls it saved (90 µs each, the text copied twice); here the renderer encodes each
 * file straight into the ring and the writer writes it from there.
 *
 * One thread puts, one takes. A record is two 32-bit lengths (path, content) and the two UTF-8
 * texts, each padded to 4 bytes. A record that does not fit before the ring's end starts again
 * at its start; the bytes skipped count as used until the taker passes them (a length of -1
 * marks the skip where there is room to write it).
 */
const control = { used: 0, waiting: 1, events: 2, closed: 3, failed: 4 } as const
const controlBytes = 4 * 8
const skipMark = -1

export interface Ring {
  readonly control: Int32Array
  readonly bytes: Buffer
}

export function createRing(size: number): SharedArrayBuffer {
  return new SharedArrayBuffer(controlBytes + size)
}

export function ringOf(shared: SharedArrayBuffer): Ring {
  return { control: new Int32Array(shared, 0, controlBytes / 4), bytes: Buffer.from(shared, controlBytes) }
}

const padded = (length: number) => (length + 3) & ~3

/** Bytes a record of these lengths takes in the ring. */
export function recordBytes(pathLength: number, contentLength: number): number {
  return 8 + padded(pathLength) + padded(contentLength)
}

export interface RingPutter {
  /** Whether a file this long can go through the ring at all (up to half its size). */
  readonly fits: (pathLength: number, contentLength: number) => boolean
  /** Puts a file in, waiting while the ring is full; throws once the taker has failed or stalled. */
  readonly put: (path: string, pathLength: number, content: string | Uint8Array, contentLength: number) => void
  /** Waits until the taker has taken everything put in. */
  readonly drain: () => void
  /** Tells the taker nothing more will come. */
  readonly close: () => void
  readonly failed: () => boolean
}

export function createRingPutter({ control: words, bytes }: Ring, stalledMs: number): RingPutter {
  const size = bytes.byteLength
  let position = 0
  const failed = () => Atomics.load(words, control.failed) === 1
  // Blocks until at most `limit` bytes are in use; a taker that takes nothing for `stalledMs` is an error, not a hang.
  const waitUntilUsed = (limit: number) => {
    let used = Atomics.load(words, control.used)
    let since = Date.now()
    while (used > limit) {
      if (failed()) throw new RingFailed()
      Atomics.wait(words, control.used, used, 1000)
      const now = Atomics.load(words, control.used)
      if (now < used) since = Date.now()
      else if (Date.now() - since > stalledMs) throw new Error('The thread writing the pages has written nothing for a minute.')
      used = now
    }
  }
  const signal = () => {
    Atomics.add(words, control.events, 1)
    Atomics.notify(words, control.events)
  }
  return {
    // At most half the ring: the bytes skipped at its end are then fewer than the record's, and the
    // two always fit in it together (a larger record would wait for room that never comes).
    fits: (pathLength, contentLength) => recordBytes(pathLength, contentLength) <= size / 2,
    put(path, pathLength, content, contentLength) {
      if (failed()) throw new RingFailed()
      const record = recordBytes(pathLength, contentLength)
      const skip = size - position < record ? size - position : 0
      waitUntilUsed(size - skip - record)
      if (skip > 0) {
        if (skip >= 8) bytes.writeInt32LE(skipMark, position)
        position = 0
      }
      bytes.writeInt32LE(pathLength, position)
      bytes.writeInt32LE(contentLength, position + 4)
      bytes.write(path, position + 8, 'utf8')
      const contentAt = position + 8 + padded(pathLength)
      if (typeof content === 'string') bytes.write(content, contentAt, 'utf8')
      else bytes.set(content, contentAt)
      position += record
      Atomics.add(words, control.used, skip + record)
      Atomics.add(words, control.waiting, 1)
      signal()
    },
    drain: () => waitUntilUsed(0),
    close() {
      Atomics.store(words, control.closed, 1)
      signal()
    },
    failed,
  }
}

/** The taker's side: calls `take` for each file put in, in order, until the putter closes. */
export function takeFromRing({ control: words, bytes }: Ring, take: (path: string, content: Uint8Array) => void): void {
  const size = bytes.byteLength
  let position = 0
  for (;;) {
    // Read before looking: a put or close after this changes it, so the wait below returns at once.
    const seen = Atomics.load(words, control.events)
    while (Atomics.load(words, control.waiting) > 0) {
      let skip = 0
      if (size - position < 8 || bytes.readInt32LE(position) === skipMark) {
        skip = size - position
        position = 0
      }
      const pathLength = bytes.readInt32LE(position)
      const contentLength = bytes.readInt32LE(position + 4)
      const path = bytes.toString('utf8', position + 8, position + 8 + pathLength)
      const contentAt = position + 8 + padded(pathLength)
      take(path, bytes.subarray(contentAt, contentAt + contentLength))
      const record = recordBytes(pathLength, contentLength)
      position += record
      Atomics.sub(words, control.waiting, 1)
      Atomics.sub(words, control.used, skip + record)
      Atomics.notify(words, control.used)
    }
    // Closed after its last put: nothing waiting now means nothing more will come.
    if (Atomics.load(words, control.closed) === 1) {
      if (Atomics.load(words, control.waiting) === 0) return
      continue
    }
    Atomics.wait(words, control.events, seen)
  }
}

/** Marks the taker failed: the putter stops at its next put. */
export function markRingFailed({ control: words }: Ring): void {
  Atomics.store(words, control.failed, 1)
  Atomics.notify(words, control.used)
}

/** Thrown by a put once the taker has failed: what failed is the taker's to say. */
export class RingFailed extends Error {
  constructor() {
    super('A page could not be written.')
  }
}
