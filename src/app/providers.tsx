import type { ReactNode } from 'react'
import { ColorModeProvider } from './color-mode'
import { SessionProvider } from './session'

/** What every page relies on, the sign-in page included: the colour mode and the session actor.
 * Chakra's design system and the messages come with the pages that use them (./styled-layout). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ColorModeProvider>
      <SessionProvider>{children}</SessionProvider>
    </ColorModeProvider>
  )
}
