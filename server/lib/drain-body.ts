// A request body over the limit is refused with 413 before it is read. Answering then, while the
// client is still sending, makes the server close the connection under it, and many clients
// (Node's fetch about half the time) report EPIPE or a reset instead of the 413. So the rest of
// the body is read and dropped first, up to a cap, so that no client can keep the server
// reading for ever; past the cap the connection is closed after the answer.
import type { IncomingMessage } from 'node:http'

/** Enough for 3× the largest route limit (12 MiB uploads). */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024
const MAX_DRAIN_MS = 30_000

/** Resolves true once the body has been read to its end, false if the cap was reached. */
export function drainBody(
  stream: IncomingMessage,
  { maxBytes = MAX_DRAIN_BYTES, timeoutMs = MAX_DRAIN_MS } = {},
): Promise<boolean> {
  if (stream.readableEnded) return Promise.resolve(true)
  if (stream.destroyed) return Promise.resolve(false)
  return new Promise((resolve) => {
    let seen = 0
    const finish = (complete: boolean) => {
      clearTimeout(timer)
      stream.off('data', onData)
      stream.off('end', onEnd)
      stream.off('error', onStop)
      stream.off('close', onStop)
      resolve(complete)
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > maxBytes) finish(false)
    }
    const onEnd = () => finish(true)
    const onStop = () => finish(stream.readableEnded)
    const timer = setTimeout(() => finish(false), timeoutMs)
    stream.on('data', onData)
    stream.once('end', onEnd)
    stream.once('error', onStop)
    stream.once('close', onStop)
    stream.resume()
  })
}
