import { Box, Flex } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect } from 'react'
import { Outlet, useMatches } from 'react-router-dom'
import { PageSpinner } from '../components/page-spinner'
import { drawerMachine } from '../machines/drawer-machine'
import { preloadMatches } from './lazy-page'
import { useLiveChanges } from './live-changes'
import { MeGate } from './me-gate'
import { SideMenu } from './side-menu'
import { TopBar } from './top-bar'
import { useMediaQuery, WIDE_QUERY } from './use-media-query'

// Only narrow screens use the drawer: wide ones never download its dialog machinery.
const MobileDrawer = lazy(() =>
  import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })),
)
/** The query layer's code; the router starts it with the page's on a signed-in first load. */
export const loadQueryLayer = () => import('./query-layer')
const QueryLayer = lazy(() => loadQueryLayer().then((m) => ({ default: m.QueryLayer })))

/**
 * The logged-in frame. The query layer holds all of it (the top bar and the side menu show who is
 * signed in and what that role may do), and nothing shows until /api/me has answered.
 */
export function AppShell() {
  // The page's code downloads while the query layer and /api/me load, not after them.
  const matches = useMatches()
  useEffect(() => preloadMatches(matches), [matches])
  return (
    <Suspense fallback={<PageSpinner />}>
      <QueryLayer>
        <MeGate>
          <ShellFrame />
        </MeGate>
      </QueryLayer>
    </Suspense>
  )
}

/** Top bar, side menu (fixed when wide, a drawer when narrow), page. */
function ShellFrame() {
  const wide = useMediaQuery(WIDE_QUERY)
  const drawer = useActorRef(drawerMachine)
  const drawerOpen = useSelector(drawer, (state) => state.hasTag('open'))
  // Lists and record pages refresh themselves when anyone, anywhere, writes.
  useLiveChanges()

  useEffect(() => {
    if (wide) drawer.send({ type: 'viewport.wide' })
  }, [wide, drawer])

  return (
    <Flex direction="column" h="100dvh" bg="bg.subtle">
      <TopBar onOpenMenu={wide ? undefined : () => drawer.send({ type: 'drawer.open' })} />
      <Flex flex="1" minH="0">
        {wide ? (
          <Box
            as="aside"
            w="16rem"
            flexShrink={0}
            overflowY="auto"
            bg="bg.panel"
            borderRightWidth="1px"
          >
            <SideMenu />
          </Box>
        ) : (
          <Suspense fallback={null}>
            <MobileDrawer
              open={drawerOpen}
              onClose={() => drawer.send({ type: 'drawer.close' })}
              onBackdrop={() => drawer.send({ type: 'drawer.backdrop' })}
              onLinkFollowed={() => drawer.send({ type: 'drawer.linkFollowed' })}
            />
          </Suspense>
        )}
        <Box as="main" flex="1" minW="0" overflowY="auto">
          <Box maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }}>
            {/* The query layer is outside the pages' boundary: a page loading keeps its cache. */}
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Flex>
    </Flex>
  )
}
