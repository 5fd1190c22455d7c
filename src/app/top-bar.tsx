import { Button, Flex, IconButton, Spacer } from '@chakra-ui/react'
import { LogOut, Menu } from 'lucide-react'
import { Brand } from './brand'
import { SessionContext } from './session'

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
