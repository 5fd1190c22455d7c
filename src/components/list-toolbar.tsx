// Above a list: how it is sorted (every sort, both ways, by name) and whether it shows cards or
// a table, the list's own buttons, and the way to its trash. The view is remembered per list in
// this browser (localStorage), the sort in the URL.
import { Box, Button, ButtonGroup, Field, HStack, NativeSelect } from '@chakra-ui/react'
import { LayoutGrid, Table2, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { TRASH_TEXTS } from './trash-messages'
import type { Order, SortChoice, SortFields } from './use-list-params'

export type ListView = 'cards' | 'table'

const viewKey = (list: string) => `list-view:${list}`

/** The view last chosen for this list (cards until one is chosen). */
export function useListView(list: string): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(() => readView(list))
  const choose = (next: ListView) => {
    setView(next)
    try {
      window.localStorage.setItem(viewKey(list), next)
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this visit only.
    }
  }
  return [view, choose]
}

function readView(list: string): ListView {
  try {
    return window.localStorage.getItem(viewKey(list)) === 'table' ? 'table' : 'cards'
  } catch {
    return 'cards'
  }
}

interface ListToolbarProps {
  sort: SortChoice
  sortFields: SortFields
  onSort: (choice: SortChoice) => void
  view: ListView
  onView: (view: ListView) => void
  actions?: ReactNode
  /** The route of the list's trash (its deleted records), for everyone who sees the list. */
  trash?: string
}

export function ListToolbar(props: ListToolbarProps) {
  const { sort, sortFields, onSort, view, onView, actions, trash } = props
  // On a phone: the sort beside the view switch, then the list's buttons, two rows in all (the
  // switch and Trash show their icons only there), so the first record stays on the first screen.
  return (
    <HStack justify="space-between" align="end" gap="3" mb="4" wrap="wrap">
      <HStack align="end" gap="3" width={{ base: 'full', sm: 'auto' }}>
        <Field.Root flex={{ base: '1', sm: 'none' }} width={{ sm: '64' }}>
          <Field.Label>Sort by</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={`${sort.sort}:${sort.order}`}
              onChange={(e) => {
                const [field, order] = e.target.value.split(':')
                onSort({ sort: field, order: order as Order })
              }}
            >
              {Object.entries(sortFields).flatMap(([field, labels]) =>
                (['asc', 'desc'] as const).map((order) => (
                  <option key={`${field}:${order}`} value={`${field}:${order}`}>
                    {labels[order]}
                  </option>
                )),
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="View">
          <Button
            aria-label="Cards"
            aria-pressed={view === 'cards'}
            onClick={() => onView('cards')}
            variant={view === 'cards' ? 'solid' : 'outline'}
            colorPalette="teal"
          >
            <LayoutGrid aria-hidden /> <WideText>Cards</WideText>
          </Button>
          <Button
            aria-label="Table"
            aria-pressed={view === 'table'}
            onClick={() => onView('table')}
            variant={view === 'table' ? 'solid' : 'outline'}
            colorPalette="teal"
          >
            <Table2 aria-hidden /> <WideText>Table</WideText>
          </Button>
        </ButtonGroup>
      </HStack>
      <HStack gap="3" wrap="wrap" justify="end">
        {actions}
        {trash && (
          <Button asChild size="sm" variant="outline" aria-label={TRASH_TEXTS.link}>
            <RouterLink to={trash}>
              <Trash2 aria-hidden /> <WideText>{TRASH_TEXTS.link}</WideText>
            </RouterLink>
          </Button>
        )}
      </HStack>
    </HStack>
  )
}

/** A button's words from 480 px up; below, its icon and accessible name carry it. */
function WideText({ children }: { children: ReactNode }) {
  return (
    <Box as="span" hideBelow="sm">
      {children}
    </Box>
  )
}
