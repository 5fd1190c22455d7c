// The search for everything (decision 026), opened from the top bar or with Ctrl+K / ⌘K: a
// dialog holding a combobox whose listbox groups the hits by kind. Focus stays in the input;
// the arrow keys move the active hit (aria-activedescendant), Enter opens its record's page,
// Esc closes. Full width on phones, where it fills the screen.
import {
  Box,
  CloseButton,
  Dialog,
  Input,
  Portal,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { SearchIcon } from 'lucide-react'
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useNavigate } from 'react-router-dom'
import { errorText } from '../../lib/api-client'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { hitPath, isSearchable, type SearchGroup, type SearchHit, searchQuery } from './search-api'
import { GROUP_TITLES, SEARCH_TEXTS } from './search-messages'

/** The kinds an operator looks for most come first. */
const GROUP_ORDER = [
  'service-providers',
  'products',
  'service-provider-categories',
  'product-categories',
]

const ordered = (groups: SearchGroup[]) =>
  [...groups].sort(
    (a, b) => rank(a.collection) - rank(b.collection) || a.collection.localeCompare(b.collection),
  )
const rank = (collection: string) => {
  const at = GROUP_ORDER.indexOf(collection)
  return at === -1 ? GROUP_ORDER.length : at
}

export interface SearchDialogProps {
  open: boolean
  onClose: () => void
  /** Where focus goes back to on closing: what had it before the search opened. */
  returnFocusTo: () => HTMLElement | null
  /** The whole screen (phones), else a panel at the top sized to its hits. */
  fullScreen: boolean
}

export function SearchDialog({ open, onClose, returnFocusTo, fullScreen }: SearchDialogProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="top"
      size={fullScreen ? 'full' : 'lg'}
      initialFocusEl={() => input.current}
      finalFocusEl={returnFocusTo}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header pb="2">
              <Dialog.Title>{SEARCH_TEXTS.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <SearchBox input={input} onChosen={onClose} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

interface SearchBoxProps {
  input: RefObject<HTMLInputElement | null>
  onChosen: () => void
}

function SearchBox({ input, onChosen }: SearchBoxProps) {
  const navigate = useNavigate()
  const id = useId()
  const [text, setText] = useState('')
  // The dialog's own initial focus can come before its lazily mounted content on a first
  // opening: typing must start in the box at once, however it was opened.
  useEffect(() => input.current?.focus(), [input])
  const typed = text.trim()
  const settled = useDebouncedValue(typed, 150)
  const query = useQuery(searchQuery(settled))
  const searchable = isSearchable(typed)
  const groups = useMemo(
    () => (searchable && query.data ? ordered(query.data) : []),
    [searchable, query.data],
  )
  const hits = useMemo(() => groups.flatMap((group) => group.hits), [groups])
  // The active hit belongs to the hits it was chosen among: new hits start at the first one.
  const [chosen, setChosen] = useState({ among: hits, index: 0 })
  const active = chosen.among === hits ? chosen.index : 0
  const choose = (index: number) => setChosen({ among: hits, index })

  const optionId = (index: number) => `${id}-hit-${index}`
  const open = (hit: SearchHit | undefined) => {
    const path = hit && hitPath(hit)
    if (!path) return
    onChosen()
    navigate(path)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = hits.length - 1
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
    }
    if (event.key in moves && hits.length > 0) {
      event.preventDefault()
      choose(moves[event.key])
    } else if (event.key === 'Enter') {
      event.preventDefault()
      open(hits[active])
    }
  }

  let status: string
  if (!searchable) status = SEARCH_TEXTS.tooShort
  else if (query.isError) status = errorText(query.error, SEARCH_TEXTS.failed)
  else if (!query.data || settled !== typed) status = SEARCH_TEXTS.searching
  else status = hits.length === 0 ? SEARCH_TEXTS.nothing(typed) : SEARCH_TEXTS.found(hits.length)

  let index = -1
  return (
    <Stack gap="3">
      <VisuallyHidden asChild>
        <label htmlFor={`${id}-input`}>{SEARCH_TEXTS.label}</label>
      </VisuallyHidden>
      {/* The icon over the input rather than an InputGroup: the forms' InputGroup would then
          split into a chunk of its own that every form loads (the bundle budget). */}
      <Box position="relative">
        <Box
          position="absolute"
          insetStart="3"
          top="50%"
          transform="translateY(-50%)"
          color="fg.muted"
          zIndex="1"
          pointerEvents="none"
        >
          <SearchIcon size={18} aria-hidden />
        </Box>
        <Input
          ref={input}
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-keys`}
          autoComplete="off"
          spellCheck={false}
          placeholder={SEARCH_TEXTS.placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          size="lg"
          ps="10"
        />
      </Box>
      <VisuallyHidden id={`${id}-keys`}>{SEARCH_TEXTS.keys}</VisuallyHidden>
      <Stack direction="row" align="center" gap="2" minH="5">
        {searchable && query.isFetching && <Spinner size="xs" aria-hidden />}
        <Text role="status" fontSize="sm" color={query.isError ? 'fg.error' : 'fg.muted'}>
          {status}
        </Text>
      </Stack>
      <Box
        role="listbox"
        id={`${id}-list`}
        aria-label={SEARCH_TEXTS.label}
        hidden={hits.length === 0}
        maxH={{ base: 'none', md: '60vh' }}
        overflowY="auto"
      >
        {groups.map((group) => (
          <Box
            key={group.collection}
            role="group"
            aria-labelledby={`${id}-${group.collection}`}
            mb="3"
          >
            <Text
              id={`${id}-${group.collection}`}
              aria-hidden
              fontSize="xs"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wide"
              color="fg.muted"
              px="2"
              py="1"
            >
              {GROUP_TITLES[group.collection] ?? group.collection}
            </Text>
            {group.hits.map((hit) => {
              index += 1
              const at = index
              return (
                <HitOption
                  key={`${hit.collection}-${hit.id}`}
                  id={optionId(at)}
                  hit={hit}
                  active={at === active}
                  onHover={() => choose(at)}
                  onOpen={() => open(hit)}
                />
              )
            })}
          </Box>
        ))}
      </Box>
    </Stack>
  )
}

interface HitOptionProps {
  id: string
  hit: SearchHit
  active: boolean
  onHover: () => void
  onOpen: () => void
}

function HitOption({ id, hit, active, onHover, onOpen }: HitOptionProps) {
  const self = useRef<HTMLDivElement>(null)
  // The active hit stays in view as the arrows move through a long list.
  useEffect(() => {
    if (active) self.current?.scrollIntoView?.({ block: 'nearest' })
  }, [active])
  return (
    <Box
      ref={self}
      id={id}
      role="option"
      aria-selected={active}
      onPointerMove={active ? undefined : onHover}
      onClick={onOpen}
      cursor="pointer"
      px="2"
      py="1.5"
      borderRadius="l2"
      bg={active ? 'colorPalette.subtle' : undefined}
      colorPalette="blue"
    >
      <Text fontWeight="medium" truncate>
        {hit.name}
      </Text>
      {hit.detail && (
        <Text fontSize="sm" color="fg.muted" lineClamp={2} overflowWrap="anywhere">
          {hit.detail}
        </Text>
      )}
    </Box>
  )
}
