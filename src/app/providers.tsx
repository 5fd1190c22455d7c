import { ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Messages } from '../components/messages'
import { ColorModeProvider } from './color-mode'
import { SessionProvider } from './session'
import { system } from './system'

/** Everything the pages rely on: the design system and its colour mode, the session actor, global messages. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <SessionProvider>
          {children}
          <Messages />
        </SessionProvider>
      </ColorModeProvider>
    </ChakraProvider>
  )
}
