import { ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Messages } from '../components/messages'
import { SessionProvider } from './session'
import { system } from './system'

/** Everything the pages rely on: the design system, the session actor, global messages. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider>
        {children}
        <Messages />
      </SessionProvider>
    </ChakraProvider>
  )
}
