// Plain-text tables and number formats shared by the benchmark scripts.

/** Prints rows under a header; columns after the first are right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, c) =>
    Math.max(title.length, ...rows.map((row) => (row[c] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ')
      .trimEnd()
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const row of rows) console.log(line(row))
}

export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

/** Milliseconds with the precision that matters at their size. */
export function ms(n: number): string {
  if (!Number.isFinite(n)) return '–'
  return n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0)
}

export function ratio(n: number): string {
  if (!Number.isFinite(n)) return '–'
  return n < 0.1 ? n.toFixed(3) : n.toFixed(2)
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The nearest-rank percentile (`p` from 0 to 1); NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]
}
