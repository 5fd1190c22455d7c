// bench:api's --writer (issue 32): one write a second through the API while scenarios are
// measured, as an operator at work makes them. Each is a product disabled, then enabled again
// (a bulk action of one id), so every write changes what the lists' counts see.

export interface WriterFigures {
  writes: number
  failed: number
  /** Of the writes' own answers, in ms. */
  p99: number
}

export function startWriter(
  url: string,
  headers: Record<string, string>,
  productId: number,
): { stop: () => Promise<WriterFigures> } {
  const times: number[] = []
  let failed = 0
  let enabled = true
  let writing = Promise.resolve()
  const write = async () => {
    enabled = !enabled
    const started = performance.now()
    const response = await fetch(`${url}/api/products/bulk`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: enabled ? 'enable' : 'disable', ids: [productId] }),
    }).catch(() => undefined)
    await response?.arrayBuffer()
    if (response?.ok) times.push(performance.now() - started)
    else failed += 1
  }
  // One at a time: a write slower than a second delays the next rather than piling up.
  const timer = setInterval(() => {
    writing = writing.then(write)
  }, 1000)
  return {
    stop: async () => {
      clearInterval(timer)
      await writing
      // The cached database is left as it was found: the product enabled.
      if (!enabled) await write()
      const sorted = times.toSorted((a, b) => a - b)
      const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0
      return { writes: times.length, failed, p99: Math.round(p99) }
    },
  }
}
