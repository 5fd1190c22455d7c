// A list's filters as the user edits them: a draft of the filters the URL holds, written back
// to the URL query by Apply (page 1). The URL stays the source of truth.
import { type FormEvent, useEffect, useState } from 'react'

interface FilterDraftOptions<F extends Record<string, string>> {
  /** The filters the URL holds now. */
  filters: F
  /** Which filters go into the URL, in that order. */
  names: readonly (keyof F & string)[]
  /** Values left out of the URL because they are what an absent filter means. */
  defaults?: Partial<F>
  onApply: (query: URLSearchParams) => void
  /** Reset the draft when this changes; by default when the URL's filters change. */
  resetKey?: string
}

export function useFilterDraft<F extends Record<string, string>>(options: FilterDraftOptions<F>) {
  const { filters, names, defaults = {} as Partial<F>, onApply } = options
  const [draft, setDraft] = useState<F>(filters)
  const resetKey = options.resetKey ?? names.map((name) => filters[name]).join('\n')
  // Back/forward and shared links change the URL: show the filters it holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is the source of truth
  useEffect(() => setDraft(filters), [resetKey])

  const set = (name: keyof F) => (value: string) => setDraft((d) => ({ ...d, [name]: value }))
  const apply = (event: FormEvent) => {
    event.preventDefault()
    const next = new URLSearchParams()
    for (const name of names) {
      const value = draft[name].trim()
      if (value && value !== defaults[name]) next.set(name, value)
    }
    onApply(next)
  }
  return { draft, set, apply }
}
