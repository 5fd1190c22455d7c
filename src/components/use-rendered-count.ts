// How many items of a long list to render: the first screenful at once, then a batch more at a
// time in the background. Thirty cards or a hundred table rows rendered (and committed) in one go
// held the main thread for hundreds of milliseconds (issue 16); in batches, each task stays short
// and the first pictures start loading before the rest is drawn.
import { startTransition, useEffect, useState } from 'react'

export function useRenderedCount(total: number, batch: number): number {
  const [count, setCount] = useState(batch)
  useEffect(() => {
    if (count >= total) return
    // A timer, not the same task: the browser paints and starts the images in between.
    const timer = setTimeout(() => startTransition(() => setCount((shown) => shown + batch)))
    return () => clearTimeout(timer)
  }, [count, total, batch])
  return Math.min(count, total)
}
