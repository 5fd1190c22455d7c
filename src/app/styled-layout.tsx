// Chakra's design system and the app's messages (toasts, dialogs) around every page but the
// sign-in page (decision 034): a lazy route, so /login downloads and starts none of it.
import { ChakraProvider } from '@chakra-ui/react'
import { type ReactNode, Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Messages } from '../components/messages'
import { PageSpinner } from '../components/page-spinner'
import { system } from './system'

/** The design system and the messages `notify` and `showMessage` reach from anywhere below. */
export function DesignSystem({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Messages />
    </ChakraProvider>
  )
}

/** The route around every styled page. */
export function StyledLayout() {
  return (
    <DesignSystem>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </DesignSystem>
  )
}
