import { Box, Flex } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect } from 'react'
import { Outlet, useMatches } from 'react-router-dom'
import { PageSpinner } from '../components/page-spinner'
import { useLatch } from '../lib/use-latch'
import { drawerMachine } from '../machines/drawer-machine'
import { preloadMatches } from './lazy-page'
import { useLiveChanges } from './live-changes'
import { MeGate } from './me-gate'
import { QueryLayer } from './query-layer'
import { SideMenu } from './side-menu'
import { TopBar } from './top-bar'
import { useMediaQuery, WIDE_QUERY } from './use-media-query'

// Only narrow screens use the drawer: wide ones never download its dialog machinery, and narrow
// ones fetch it once the page is idle (issue 32), so it does not share a slow network with the
// page's first paint; it mounts when first opened.
const loadDrawer = () => import('./mobile-drawer')
const MobileDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileDrawer })))

/** Runs `task` when the browser is idle (Safari has no requestIdleCallback: a timer there). */
function whenIdle(task: () => unknown): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(() => task())
    return () => window.cancelIdleCallback(id)
  }
  const timer = setTimeout(task, 1000)
  return () => clearTimeout(timer)
}

/**
 * The logged-in frame, loaded after sign-in (src/app/router.tsx). The query layer holds all of
 * it (the top bar and the side menu show who is signed in and what that role may do), and
 * nothing shows until /api/me has answered.
 */
export function AppShell() {
  // The page's code downloads while /api/me loads, not after it.
  const matches = useMatches()
  useEffect(() => {
    preloadMatches(matches)
  }, [matches])
  return (
    <QueryLayer>
      <MeGate>
        <ShellFrame />
      </MeGate>
    </QueryLayer>
  )
}

/** Top bar, side menu (fixed when wide, a drawer when narrow), page. */
function ShellFrame() {
  const wide = useMediaQuery(WIDE_QUERY)
  const drawer = useActorRef(drawerMachine)
  const drawerOpen = useSelector(drawer, (state) => state.hasTag('open'))
  // Lists and record pages refresh themselves when anyone, anywhere, writes.
  useLiveChanges()

  const drawerWanted = useLatch(drawerOpen)

  useEffect(() => {
    if (wide) drawer.send({ type: 'viewport.wide' })
  }, [wide, drawer])
  // A failed download is the drawer's own lazy load to report when it is opened.
  useEffect(() => (wide ? undefined : whenIdle(() => loadDrawer().catch(() => undefined))), [wide])

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
          drawerWanted && (
            <Suspense fallback={null}>
              <MobileDrawer
                open={drawerOpen}
                onClose={() => drawer.send({ type: 'drawer.close' })}
                onBackdrop={() => drawer.send({ type: 'drawer.backdrop' })}
                onLinkFollowed={() => drawer.send({ type: 'drawer.linkFollowed' })}
              />
            </Suspense>
          )
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
