// A collection's trash (decision 022): one page for every collection, driven by its TrashTarget.
// The deleted records, most recently deleted first, with when and by whom, paged like the lists
// (page and page size in the URL); Restore on each row and, for ticked rows, in the bulk bar;
// Delete for good for a role with the `purge` right, after the confirm dialog. A viewer sees the
// records and no controls. A restore the server refuses (409) says why in its toast. On a phone
// the table fits the screen: when and by whom go under the name, the buttons one above the other.
import { Button, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { useMediaQuery, WIDE_QUERY } from '../app/use-media-query'
import { operatorText, timeText } from '../lib/history'
import { useCan } from '../lib/me'
import { useBulkSelection } from './bulk-selection'
import { type Column, DataTable } from './data-table'
import { DeleteButton } from './delete-button'
import { ListResults } from './list-results'
import { PageHeader } from './page-header'
import { purgeOne, restoreOne, trashBulk, trashQuery } from './trash'
import { TRASH_TEXTS } from './trash-messages'
import type { TrashedRecord, TrashTarget } from './trash-target'
import { NEWEST_SORT, type SortChoice, type SortFields, useListParams } from './use-list-params'

// The trash has one order (newest deletion first): the sort exists for useListParams alone and
// is never sent.
const SORTS: SortFields = { deleted: NEWEST_SORT }
const NEWEST: SortChoice = { sort: 'deleted', order: 'desc' }

export function TrashPage({ target }: { target: TrashTarget }) {
  const params = useListParams(SORTS, NEWEST)
  const list = useQuery(trashQuery(target, { page: params.page, pageSize: params.pageSize }))
  const selection = useBulkSelection(trashBulk(target), {}, list.data?.pagination)
  const canWrite = useCan('write')
  const wide = useMediaQuery(WIDE_QUERY)
  const columns = wide ? wideColumns(target) : narrowColumns(target)
  if (canWrite) {
    columns.push({
      header: 'Actions',
      width: wide ? '15rem' : '9.5rem',
      render: (record) => <RowActions target={target} record={record} stacked={!wide} />,
    })
  }

  return (
    <>
      <PageHeader
        title={TRASH_TEXTS.title(target.title)}
        description={TRASH_TEXTS.description}
        crumbs={[{ label: target.title, to: target.list }, { label: TRASH_TEXTS.link }]}
      />
      <ListResults
        list={list}
        failedText={TRASH_TEXTS.listFailed}
        emptyText={TRASH_TEXTS.empty}
        onPage={params.goToPage}
        onPageSize={params.setPageSize}
      >
        {(records) => (
          <DataTable
            label={TRASH_TEXTS.title(target.title)}
            columns={columns}
            rows={records}
            rowKey={(record) => record.id}
            rowName={target.name}
            sort={NEWEST}
            sortFields={SORTS}
            onSort={params.setSort}
            selection={selection}
          />
        )}
      </ListResults>
    </>
  )
}

const deletedBy = (record: TrashedRecord) => operatorText({ operator: record.deletedBy })
const deletedAt = (record: TrashedRecord) => (
  <time dateTime={record.deletedAt}>{timeText(record.deletedAt)}</time>
)

/** From 768 px: name, when, by whom, each in its column. */
function wideColumns(target: TrashTarget): Column<TrashedRecord>[] {
  return [
    { header: 'Name', text: target.name },
    {
      header: 'Deleted',
      width: '11rem',
      text: (record) => timeText(record.deletedAt),
      render: deletedAt,
    },
    { header: 'Deleted by', width: '9rem', text: deletedBy },
  ]
}

/** On a phone the table fits the screen: when and by whom under the name, which wraps. */
function narrowColumns(target: TrashTarget): Column<TrashedRecord>[] {
  return [
    {
      header: 'Name',
      text: target.name,
      render: (record) => (
        <Stack gap="0.5" whiteSpace="normal" overflowWrap="anywhere">
          <Text fontWeight="medium">{target.name(record)}</Text>
          <Text fontSize="xs" color="fg.muted">
            Deleted {deletedAt(record)} by <span>{deletedBy(record)}</span>
          </Text>
        </Stack>
      ),
    },
  ]
}

/** Restore (write) and Delete for good (purge) on one row; one above the other on a phone. */
function RowActions(props: { target: TrashTarget; record: TrashedRecord; stacked: boolean }) {
  const { target, record, stacked } = props
  const client = useQueryClient()
  // restoreOne reports its own outcome (a toast) and never throws.
  const restore = useMutation({ mutationFn: () => restoreOne(client, target, record.id) })
  return (
    <Stack direction={stacked ? 'column' : 'row'} gap="2" align="start">
      <Button
        size="xs"
        variant="outline"
        colorPalette="teal"
        disabled={restore.isPending}
        aria-busy={restore.isPending}
        onClick={() => restore.mutate()}
      >
        <RotateCcw aria-hidden /> {TRASH_TEXTS.restore}
      </Button>
      <DeleteButton
        right="purge"
        size="xs"
        label={TRASH_TEXTS.purge}
        noun={target.one}
        run={() => purgeOne(client, target, record.id)}
        messages={{ done: TRASH_TEXTS.purged(target), failed: TRASH_TEXTS.purgeFailed(target) }}
      />
    </Stack>
  )
}
