import { Button, Flex, IconButton, Spacer } from '@chakra-ui/react'
import { LogOut, Menu } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Brand } from './brand'
import { ColorModeButton } from './color-mode'
import { SessionContext } from './session'

// The theme menu's machinery follows the page rather than weighing on every route's first load;
// until it arrives the same button stands in, disabled.
const ColorModeMenu = lazy(() =>
  import('./color-mode-menu').then((m) => ({ default: m.ColorModeMenu })),
)

interface TopBarProps {
  /** Shown on narrow screens only, where the side menu is a drawer. */
  onOpenMenu?: () => void
}

export function TopBar({ onOpenMenu }: TopBarProps) {
  const session = SessionContext.useActorRef()
  const loggingOut = SessionContext.useSelector((state) => state.matches('signingOut'))

  return (
    <Flex
      as="header"
      align="center"
      gap="2"
      h="16"
      px={{ base: '3', md: '6' }}
      bg="bg.panel"
      borderBottomWidth="1px"
      flexShrink={0}
    >
      {onOpenMenu && (
        <IconButton aria-label="Open menu" variant="ghost" onClick={onOpenMenu}>
          <Menu />
        </IconButton>
      )}
      <Brand />
      <Spacer />
      <Suspense fallback={<ColorModeButton disabled />}>
        <ColorModeMenu />
      </Suspense>
      <Button
        variant="outline"
        size="sm"
        loading={loggingOut}
        onClick={() => session.send({ type: 'session.logout' })}
      >
        <LogOut /> Logout
      </Button>
    </Flex>
  )
}
