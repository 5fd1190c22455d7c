// A matchMedia stub driven by a settable viewport width, so tests can be "375 px wide", and a
// settable system colour scheme (light unless a test says otherwise).
import { act } from '@testing-library/react'

const DEFAULT_WIDTH = 1280
let width = DEFAULT_WIDTH
let scheme: 'light' | 'dark' = 'light'
const lists = new Set<FakeMediaQueryList>()

function evaluate(query: string): boolean {
  // Supports what the app and Chakra use: (min-width: N) / (max-width: N) in px or em, joined by "and".
  return query.split(/\s+and\s+/).every((part) => {
    const prefers = /\(prefers-color-scheme:\s*(light|dark)\)/.exec(part)
    if (prefers) return prefers[1] === scheme
    const match = /\((min|max)-width:\s*([\d.]+)(px|em|rem)?\)/.exec(part)
    if (!match) return !/width/.test(part)
    const px = Number(match[2]) * (match[3] === 'em' || match[3] === 'rem' ? 16 : 1)
    return match[1] === 'min' ? width >= px : width <= px
  })
}

class FakeMediaQueryList extends EventTarget {
  readonly media: string
  matches: boolean
  onchange: ((event: Event) => void) | null = null

  constructor(media: string) {
    super()
    this.media = media
    this.matches = evaluate(media)
  }

  refresh() {
    const next = evaluate(this.media)
    if (next === this.matches) return
    this.matches = next
    const event = Object.assign(new Event('change'), { matches: next, media: this.media })
    this.dispatchEvent(event)
    this.onchange?.(event)
  }

  // The deprecated listener API that some libraries still use.
  addListener(listener: (event: Event) => void) {
    this.addEventListener('change', listener)
  }
  removeListener(listener: (event: Event) => void) {
    this.removeEventListener('change', listener)
  }
}

export function installMatchMedia() {
  window.matchMedia = (query: string) => {
    const list = new FakeMediaQueryList(query)
    lists.add(list)
    return list as unknown as MediaQueryList
  }
}

/** Resizes the fake viewport and notifies every media query and resize listener. */
export function setViewportWidth(next: number) {
  act(() => {
    width = next
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: next })
    for (const list of lists) list.refresh()
    window.dispatchEvent(new Event('resize'))
  })
}

/** Switches the system's colour scheme and notifies every media query listener. */
export function setSystemColorScheme(next: 'light' | 'dark') {
  act(() => {
    scheme = next
    for (const list of lists) list.refresh()
  })
}

export function resetViewport() {
  width = DEFAULT_WIDTH
  scheme = 'light'
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: DEFAULT_WIDTH })
  lists.clear()
}
