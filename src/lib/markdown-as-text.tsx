// Stands in for `markdown-to-jsx/react` in the build (vite.config.ts `resolve.alias`). RJSF 6
// imports that parser (about 28 kB gzip, a third of the form library) even when no form enables
// markdown, and no form here does (`ui:enableMarkdownInDescription`/`InHelp`). RJSF's own
// messages it renders through it are shown as the plain text they are.
import type { ReactNode } from 'react'

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>
}
