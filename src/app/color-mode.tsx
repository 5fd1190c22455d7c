// Light, dark or the system's setting (the default), remembered in localStorage under
// COLOR_MODE_KEY. next-themes (Chakra 3's documented colour-mode companion) keeps the choice,
// follows `prefers-color-scheme` while the choice is "system", and puts the `light` / `dark`
// class on <html> that Chakra's `_dark` conditions and semantic tokens read.
//
// No flash of the wrong theme: next-themes' own inline script cannot run under the strict CSP
// (and React never runs scripts it renders), so public/color-mode.js, loaded from our origin
// before the app, sets the class first. It is rendered here as a data block, which React leaves
// alone without warning.
import { ThemeProvider, useTheme } from 'next-themes'
import type { ReactNode } from 'react'

/** The localStorage key; public/color-mode.js reads the same one. */
export const COLOR_MODE_KEY = 'color-mode'

export const COLOR_MODES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const

export type ColorModeChoice = (typeof COLOR_MODES)[number]['value']

const dataBlock = { type: 'application/json' }

export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      storageKey={COLOR_MODE_KEY}
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      scriptProps={dataBlock}
    >
      {children}
    </ThemeProvider>
  )
}

/** The operator's choice and how to change it. */
export function useColorMode() {
  const { theme, setTheme } = useTheme()
  const choice = (
    COLOR_MODES.some((mode) => mode.value === theme) ? theme : 'system'
  ) as ColorModeChoice
  return { choice, choose: (next: ColorModeChoice) => setTheme(next) }
}
