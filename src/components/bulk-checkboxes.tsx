// The checkboxes of a table with a bulk selection: one per row, named after the row ("Select
// Jollof Rice"), and one in the header for the whole page (mixed while only some are ticked).
// Native checkboxes: Space toggles them and screen readers announce them without help.
import { chakra, Table } from '@chakra-ui/react'
import type { BulkSelection } from './bulk-selection'

const Checkbox = chakra('input', {
  base: { width: '4', height: '4', cursor: 'pointer', accentColor: 'teal.solid' },
})

export function SelectPageHeader(props: { selection: BulkSelection; pageIds: number[] }) {
  const { selection, pageIds } = props
  const ticked = pageIds.filter(selection.isSelected).length
  const all = ticked > 0 && ticked === pageIds.length
  return (
    <Table.ColumnHeader width="2.75rem">
      <Checkbox
        type="checkbox"
        aria-label="Select all rows on this page"
        checked={all}
        ref={(input: HTMLInputElement | null) => {
          if (input) input.indeterminate = ticked > 0 && !all
        }}
        onChange={() => selection.setPage(pageIds, !all)}
      />
    </Table.ColumnHeader>
  )
}

export function SelectCell(props: {
  selection: BulkSelection
  id: number
  name: string
  pageIds: number[]
}) {
  const { selection, id, name, pageIds } = props
  return (
    <Table.Cell>
      <Checkbox
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={selection.isSelected(id)}
        onChange={() => selection.toggle(id, pageIds)}
      />
    </Table.Cell>
  )
}
