// One mistake found in a schema file, said so an analyst can find and fix it: the file, where in
// it (line and column for broken JSON, a JSON pointer otherwise) and what is wrong in plain words.
import leven from 'leven'

export interface SchemaProblem {
  /** The file's name inside schemas/, e.g. "product.ui.json". */
  file: string
  /** "line 3, column 7" or a JSON pointer such as "/definitions/name/minimun". */
  where: string
  message: string
}

export function formatProblem({ file, where, message }: SchemaProblem): string {
  return `schemas/${file} at ${where}: ${message}`
}

/** Every problem, one per line, under a heading that says what to do. */
export function formatReport(problems: SchemaProblem[]): string {
  const count = problems.length === 1 ? '1 mistake' : `${problems.length} mistakes`
  return [
    `The schema files have ${count} (see docs/analysts.md):`,
    ...problems.map((p) => `  - ${formatProblem(p)}`),
  ].join('\n')
}

/** A JSON pointer (RFC 6901) to a place in a document. */
export function pointer(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return '/ (the whole file)'
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')
}

/** " (did you mean "minimum"?)" when one candidate is close to the word, else "". */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  const typed = word.toLowerCase()
  for (const candidate of candidates) {
    const known = candidate.toLowerCase()
    // A shortened word ("bool" for "boolean") counts as close.
    const distance = known.startsWith(typed) && typed.length >= 3 ? 1 : leven(typed, known)
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance]
  }
  const closeEnough = best !== undefined && bestDistance <= Math.max(2, word.length / 3)
  return closeEnough ? ` (did you mean "${best}"?)` : ''
}

/** "a, b or c" */
export function listWords(words: readonly string[]): string {
  const quoted = words.map((w) => `"${w}"`)
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`
}
