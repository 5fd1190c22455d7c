import { Box, Button, Flex, IconButton, Spacer, Text, VisuallyHidden } from '@chakra-ui/react'
import { CircleUserRound, LogOut, Menu } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { useMe } from '../lib/me'
import { ROLE_LABELS } from '../lib/rights'
import { Brand } from './brand-mark'
import { ColorModeButton } from './color-mode-button'
import { paths } from './paths'
import { SearchLauncher } from './search-launcher'
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
      <Brand compact />
      <Spacer />
      <SearchLauncher />
      <SignedInAs />
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

/** Out of sight below `sm`, still read out. */
const phoneHidden = {
  '@media (max-width: 479.98px)': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
  },
}

/** Who is signed in, leading to their Account page; narrow screens show the icon alone. */
function SignedInAs() {
  const me = useMe()
  if (!me) return null
  const role = ROLE_LABELS[me.role] ?? me.role
  return (
    <Button asChild variant="ghost" size="sm" px="2">
      <RouterLink to={paths.profile}>
        <CircleUserRound aria-hidden />
        {/* Named by its text (no aria-label), so the name holds what is seen: "Account: admin
            Administrator", the username and role hidden visually on phones only. */}
        <VisuallyHidden>Account: </VisuallyHidden>
        <Box textAlign="start" lineHeight="short" maxW="12rem" css={phoneHidden}>
          <Text fontWeight="semibold" truncate>
            {me.username}
          </Text>{' '}
          <Text fontSize="xs" color="fg.muted">
            {role}
          </Text>
        </Box>
      </RouterLink>
    </Button>
  )
}
