// A list's filters as the user edits them, applied live: a select at once, a text field once
// typing pauses (300 ms), Apply (or Enter) at once. Applying writes the filters to the URL query
// (back to page 1, keeping the sort and page size); the URL stays the source of truth, and
// Back or a shared link puts its filters in the fields. A draft the list cannot ask for (a
// minimum above the maximum) is held back until it is mended. Clear filters also clears the
// list's other filters (its marked custom fields', which have inputs of their own).
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

export const TYPING_PAUSE_MS = 300

/** A filter narrows the list unless blank or "all" (the status filter's everything): a default
 * that narrows (providers: enabled only) counts, since rows are left out. */
const narrows = (value: string) => value.trim() !== '' && value !== 'all'

interface FilterDraftOptions<F extends Record<string, string>> {
  /** The filters the URL holds now. */
  filters: F
  /** Which filters go into the URL, in that order. */
  names: readonly (keyof F & string)[]
  /** The text fields: applied when typing pauses rather than on every key. */
  typed?: readonly (keyof F & string)[]
  /** Values left out of the URL because they are what an absent filter means. */
  defaults?: Partial<F>
  /** False while the draft holds a mistake the form shows beside its field. */
  isValid?: (draft: F) => boolean
  /** Other filters in the URL, edited elsewhere (the marked custom fields' own inputs,
   * components/custom-list-fields.tsx): Clear filters clears them too. */
  others?: readonly string[]
}

export function useFilterDraft<F extends Record<string, string>>(options: FilterDraftOptions<F>) {
  const { filters, names, typed = [], defaults = {} as Partial<F>, isValid, others = [] } = options
  const [params, setParams] = useSearchParams()
  const [draft, setDraft] = useState<F>(filters)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  /** What the filters ask for, as one text (blank and default values alike mean none). */
  const filterKey = (values: F) =>
    names
      .map((name) => {
        const value = values[name].trim()
        return value === (defaults[name] ?? '') ? '' : value
      })
      .join('\n')
  const urlKey = filterKey(filters)
  /** The filters this form last put in the URL: typing may have gone on since. */
  const applied = useRef(urlKey)
  // A paused-typing apply runs later: it must build on the URL as it is then.
  const current = useRef({ params, urlKey })
  current.current = { params, urlKey }

  /** The URL query that asks for these filters (in their order), then every other parameter but
   * the page (the sort, the page size) and, when `clearing`, the other filters. */
  const queryOf = (values: F, clearing = false) => {
    const next = new URLSearchParams()
    for (const name of names) {
      const value = values[name].trim()
      if (value && value !== (defaults[name] ?? '')) next.set(name, value)
    }
    for (const [name, value] of current.current.params) {
      if (name === 'page' || names.includes(name)) continue
      if (clearing && others.includes(name)) continue
      next.append(name, value)
    }
    return next
  }
  /** Whether the URL holds one of the other filters. */
  const othersSet = others.some((name) => params.has(name))
  const sameAsUrl = (values: F) => filterKey(values) === current.current.urlKey

  // Back/forward and shared links change the URL: show the filters it holds. A change this form
  // made itself leaves the draft alone (the user may have typed on since).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is the source of truth
  useEffect(() => {
    if (urlKey !== applied.current) {
      applied.current = urlKey
      setDraft(filters)
    }
  }, [urlKey])
  useEffect(() => () => clearTimeout(timer.current), [])

  const applyNow = (values: F) => {
    clearTimeout(timer.current)
    if (isValid && !isValid(values)) return
    // Against what this form last asked for, not the URL rendered last: React Router renders a
    // navigation as a transition, so Apply can come before the page shows the pick's URL.
    if (filterKey(values) === applied.current) return
    applied.current = filterKey(values)
    setParams(queryOf(values))
  }
  const set = (name: keyof F & string) => (value: string) => {
    const values = { ...draft, [name]: value }
    setDraft(values)
    clearTimeout(timer.current)
    if (typed.includes(name)) timer.current = setTimeout(() => applyNow(values), TYPING_PAUSE_MS)
    else applyNow(values)
  }
  const apply = (event: FormEvent) => {
    event.preventDefault()
    applyNow(draft)
  }
  const cleared = Object.fromEntries(names.map((name) => [name, defaults[name] ?? ''])) as F
  const clear = () => {
    setDraft(cleared)
    if (!othersSet) return applyNow(cleared)
    clearTimeout(timer.current)
    applied.current = filterKey(cleared)
    setParams(queryOf(cleared, true))
  }
  /** Whether any filter is set (in the URL or being typed): Clear filters has work to do. */
  const filtered =
    othersSet || !sameAsUrl(cleared) || names.some((name) => draft[name] !== cleared[name])
  /** How many of these filters narrow the list now (the folded filters' count). */
  const active = names.filter((name) => narrows(filters[name])).length
  return { draft, set, apply, clear, filtered, active }
}
