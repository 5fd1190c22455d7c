// The table view of a list: a sticky header whose sortable columns are buttons (the sorted one
// carries aria-sort), one row per item whose link cell is the keyboard's way in (a click
// anywhere on the row follows it too), and cells that truncate long text, showing the full value
// on hover (title) and while the row holds focus. Given a bulk selection, each row gets a
// checkbox and the header one for the page, with the bulk bar above the table (decision 013).
// Column widths: every column keeps its whole header and at least its `minWidth`; where the
// columns do not fit, the table scrolls sideways instead of crushing one (issue 30). The table
// lays out automatically for that: a text cell adds nothing to its column's width (max-width 0,
// the text is cut short instead), so the widths come from the headers, the minimums and the
// shares, and stay the same from one page of rows to the next.
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
/** A text column's narrowest, less its padding: about a dozen characters. */
const DEFAULT_MIN_WIDTH = '7rem'
/** A cell's padding, both sides together (the table's size sm). */
const CELL_PADDING = '1rem'

export interface Column<T> {
  header: string
  /** The plain text of the cell: truncated, shown in full on hover and focus. */
  text?: (row: T) => string
  /** Anything else (an image, a badge); used instead of `text`. `index`: the row's place. */
  render?: (row: T, index: number) => ReactNode
  /** The sort field this column orders by. */
  sort?: string
  /** Its share of a wide table ('30%'), or its size, padding included, when its content has
   * one ('6.5rem'). */
  width?: string
  /** The narrowest a text column that shares the width gets (its header always shows whole):
   * enough of the value to tell rows apart. 7rem unless given. */
  minWidth?: string
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
      {selection && (
        <BulkBar
          selection={selection}
          pageIds={pageIds}
          pageNames={rowNames(rows, rowKey, linkColumn)}
        />
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="70vh" bg="bg.panel">
        <Table.Root aria-label={label} size="sm" stickyHeader interactive>
          <Table.Header>
            <Table.Row bg="bg.muted">
              {selection && <SelectPageHeader selection={selection} pageIds={pageIds} />}
              {columns.map((column) => (
                <Table.ColumnHeader
                  key={column.header}
                  width={column.width}
                  textAlign={column.align}
                  whiteSpace="nowrap"
                  aria-sort={
                    column.sort && column.sort === sort.sort
                      ? sort.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {/* The minimum sits inside the header: table cells do not take min-width. */}
                  <Box minW={minWidthOf(column)}>
                    {column.sort ? (
                      <SortButton column={column} {...{ sort, sortFields, onSort }} />
                    ) : (
                      column.header
                    )}
                  </Box>
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

/** The narrowest a column's content gets. A fixed size is its own least: a squeezed table
 * shrinks such a column to its header otherwise. A column sized by its content (an image, a
 * badge) needs none. */
function minWidthOf<T>(column: Column<T>): string | undefined {
  if (column.minWidth) return column.minWidth
  if (column.width && !column.width.endsWith('%')) return `calc(${column.width} - ${CELL_PADDING})`
  return column.text ? DEFAULT_MIN_WIDTH : undefined
}

function Cell<T>({ column, row, index }: { column: Column<T>; row: T; index: number }) {
  const text = column.text?.(row)
  return (
    <Table.Cell
      textAlign={column.align}
      title={text}
      // A text cell takes the width its column has rather than widening it (see the top).
      maxW={text === undefined ? undefined : '0'}
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

/** Each row's name (its link column's text), by id; none when no column names the rows. */
function rowNames<T>(rows: T[], rowKey: (row: T) => number | string, linkColumn?: Column<T>) {
  const text = linkColumn?.text
  return new Map(text ? rows.map((row) => [Number(rowKey(row)), text(row)]) : [])
}
