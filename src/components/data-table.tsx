// The table view of a list: a sticky header whose sortable columns are buttons (the sorted one
// carries aria-sort), one row per item whose link cell is the keyboard's way in (a click
// anywhere on the row follows it too), and cells that truncate long text, showing the full value
// on hover (title) and while the row holds focus. Given a bulk selection, each row gets a
// checkbox and the header one for the page, with the bulk bar above the table (decision 013).
import { Box, chakra, Table } from '@chakra-ui/react'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import type { MouseEvent, ReactNode } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { useCan } from '../lib/me'
import { BulkBar } from './bulk-bar'
import { SelectCell, SelectPageHeader } from './bulk-checkboxes'
import type { BulkSelection } from './bulk-selection'
import type { SortChoice, SortFields } from './use-list-params'
import { useRenderedCount } from './use-rendered-count'

/** About what a wide screen shows before scrolling. */
const ROW_BATCH = 12

export interface Column<T> {
  header: string
  /** The plain text of the cell: truncated, shown in full on hover and focus. */
  text?: (row: T) => string
  /** Anything else (an image, a badge); used instead of `text`. `index`: the row's place. */
  render?: (row: T, index: number) => ReactNode
  /** The sort field this column orders by. */
  sort?: string
  width?: string
  /** The row's link: this column's text links to it. One column per table. */
  link?: (row: T) => string
  align?: 'start' | 'end'
}

interface DataTableProps<T> {
  /** The table's accessible name, e.g. "Products". */
  label: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => number | string
  sort: SortChoice
  sortFields: SortFields
  onSort: (choice: SortChoice) => void
  /** The narrowest the table gets before it scrolls sideways. */
  minWidth?: string
  /** Rows can be chosen for bulk actions (by a role that may change the catalogue). */
  selection?: BulkSelection
  /** A row's name for its checkbox ("Select …"); the link column's text unless given. */
  rowName?: (row: T) => string
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, sort, sortFields, onSort } = props
  const canWrite = useCan('write')
  const selection = canWrite ? props.selection : undefined
  const navigate = useNavigate()
  const linkColumn = columns.find((column) => column.link)
  const pageIds = rows.map((row) => Number(rowKey(row)))
  // A screenful of rows at a time, so a page of a hundred does not hold the main thread.
  const shownRows = rows.slice(0, useRenderedCount(rows.length, ROW_BATCH))
  const rowName = (row: T) => props.rowName?.(row) ?? linkColumn?.text?.(row) ?? String(rowKey(row))
  // A click on the row's blank space follows its link; clicks on links and buttons stay theirs.
  const openRow = (row: T) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button, input, select')) return
    if (linkColumn?.link) navigate(linkColumn.link(row))
  }
  return (
    <>
      {selection && <BulkBar selection={selection} pageIds={pageIds} />}
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="70vh" bg="bg.panel">
        <Table.Root
          aria-label={label}
          size="sm"
          stickyHeader
          interactive
          tableLayout="fixed"
          minW={props.minWidth ?? '48rem'}
        >
          <Table.Header>
            <Table.Row bg="bg.muted">
              {selection && <SelectPageHeader selection={selection} pageIds={pageIds} />}
              {columns.map((column) => (
                <Table.ColumnHeader
                  key={column.header}
                  width={column.width}
                  textAlign={column.align}
                  aria-sort={
                    column.sort && column.sort === sort.sort
                      ? sort.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {column.sort ? (
                    <SortButton column={column} {...{ sort, sortFields, onSort }} />
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shownRows.map((row, index) => (
              <Table.Row
                key={rowKey(row)}
                onClick={openRow(row)}
                cursor={linkColumn ? 'pointer' : undefined}
                css={{ '&:focus-within td': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              >
                {selection && (
                  <SelectCell
                    selection={selection}
                    id={Number(rowKey(row))}
                    name={rowName(row)}
                    pageIds={pageIds}
                  />
                )}
                {columns.map((column) => (
                  <Cell key={column.header} column={column} row={row} index={index} />
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  )
}

function Cell<T>({ column, row, index }: { column: Column<T>; row: T; index: number }) {
  const text = column.text?.(row)
  return (
    <Table.Cell
      textAlign={column.align}
      title={text}
      overflow="hidden"
      textOverflow="ellipsis"
      whiteSpace="nowrap"
      _hover={text ? { whiteSpace: 'normal', overflowWrap: 'anywhere' } : undefined}
    >
      {column.render ? (
        column.render(row, index)
      ) : column.link ? (
        <Box asChild color="teal.fg" fontWeight="medium" _hover={{ textDecoration: 'underline' }}>
          <RouterLink to={column.link(row)}>{text}</RouterLink>
        </Box>
      ) : (
        text
      )}
    </Table.Cell>
  )
}

interface SortButtonProps<T> {
  column: Column<T>
  sort: SortChoice
  sortFields: SortFields
  onSort: (choice: SortChoice) => void
}

/** A header's sort button: the sorted column flips its order, another starts in its usual one. */
function SortButton<T>({ column, sort, sortFields, onSort }: SortButtonProps<T>) {
  const field = column.sort as string
  const active = field === sort.sort
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown
  const next = active
    ? { sort: field, order: sort.order === 'asc' ? ('desc' as const) : ('asc' as const) }
    : { sort: field, order: sortFields[field].order }
  return (
    <chakra.button
      type="button"
      display="inline-flex"
      alignItems="center"
      gap="1"
      fontWeight="semibold"
      rounded="sm"
      cursor="pointer"
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.solid' }}
      onClick={() => onSort(next)}
    >
      {column.header}
      <Icon aria-hidden size={14} opacity={active ? 1 : 0.4} />
    </chakra.button>
  )
}
