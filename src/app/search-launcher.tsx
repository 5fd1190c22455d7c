// The top bar's way into the search (decision 026): a search button (an icon alone on phones)
// and Ctrl+K / ⌘K from anywhere in the app. The search's own code downloads when it is first
// wanted (or the pointer nears the button), not with every page.
import { Box, Button, IconButton } from '@chakra-ui/react'
import { SearchIcon } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useMediaQuery, WIDE_QUERY } from './use-media-query'

const loadSearch = () => import('../features/search/search-dialog')
const SearchDialog = lazy(() => loadSearch().then((m) => ({ default: m.SearchDialog })))

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform)

export function SearchLauncher() {
  const wide = useMediaQuery(WIDE_QUERY)
  const [open, setOpen] = useState(false)
  // Mounted from the first opening on, so closing plays out and gives focus back.
  const [wanted, setWanted] = useState(false)
  // What had focus before the search opened gets it back when it closes.
  const returnTo = useRef<HTMLElement | null>(null)
  const isOpen = useRef(open)
  isOpen.current = open
  const show = useCallback(() => {
    // Ctrl+K again while it is open leaves it as it is.
    if (isOpen.current) return
    const focused = document.activeElement
    returnTo.current = focused instanceof HTMLElement ? focused : null
    setWanted(true)
    setOpen(true)
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        // The browser's own Ctrl+K (its address bar's search) gives way.
        event.preventDefault()
        show()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [show])

  const trigger = {
    onClick: show,
    onPointerEnter: () => void loadSearch(),
    'aria-haspopup': 'dialog' as const,
    'aria-keyshortcuts': 'Control+K Meta+K',
  }
  return (
    <>
      {wide ? (
        <Button
          variant="outline"
          size="sm"
          color="fg.muted"
          justifyContent="flex-start"
          w="14rem"
          {...trigger}
        >
          <SearchIcon aria-hidden />
          Search
          <Box
            as="kbd"
            aria-hidden
            ms="auto"
            px="1.5"
            borderWidth="1px"
            borderRadius="sm"
            fontFamily="inherit"
            fontSize="xs"
          >
            {isMac() ? '⌘K' : 'Ctrl K'}
          </Box>
        </Button>
      ) : (
        <IconButton aria-label="Search" variant="ghost" {...trigger}>
          <SearchIcon />
        </IconButton>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <SearchDialog
            open={open}
            onClose={() => setOpen(false)}
            returnFocusTo={() => returnTo.current}
            fullScreen={!wide}
          />
        </Suspense>
      )}
    </>
  )
}
