// The bar above a list's table while rows are chosen: how many, "Select all N matching the
// filters" once a whole page is ticked, and the list's actions (Enable, Disable, Delete behind
// the spec's confirm dialog; Restore in the trash). One request per action; its result is a
// toast, which after a Delete into the trash offers Undo (restoring those records). While rows
// are chosen the list holds still: other operators' changes are counted, not shown, until
// "N changes — Refresh" (or the end of the selection) refreshes it (lib/live-change-hub.ts).
// The bar sits outside the table's sideways scroll, so at 375 px it stays in view and its
// buttons wrap. The steps are the bulk actions machine's (src/machines/bulk-actions-machine.ts); this renders them
// and provides the request and the toasts.
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import { api, errorText } from '../lib/api-client'
import { useHeldLists } from '../lib/live-change-hooks'
import { pathKey } from '../lib/query-client'
import { bulkActionsMachine } from '../machines/bulk-actions-machine'
import { BULK_TEXTS, type BulkResult, bulkResultText, counted } from './bulk-messages'
import type { BulkAction, BulkSelection } from './bulk-selection'
import { LazyConfirmDialog as ConfirmDialog } from './lazy-confirm-dialog'
import { notify } from './messages'
import { notifyUndoable, restoreMany } from './trash'
import { TRASH_TEXTS } from './trash-messages'

const LABELS: Record<BulkAction, string> = {
  enable: 'Enable',
  disable: 'Disable',
  delete: 'Delete',
  restore: 'Restore',
}

interface BulkBarProps {
  selection: BulkSelection
  pageIds: number[]
  /** What the shown rows are called: a refusal names its records by them. */
  pageNames: ReadonlyMap<number, string>
}

export function BulkBar({ selection, pageIds, pageNames }: BulkBarProps) {
  const { target, count, countExact, total, totalExact, allMatching } = selection
  const client = useQueryClient()
  // The machine is created once; the latest selection is read through a ref.
  const latest = useRef(selection)
  latest.current = selection
  // The names of every row shown while the list is open (chosen rows may be on other pages).
  const seenNames = useRef(new Map<number, string>())
  for (const [id, name] of pageNames) seenNames.current.set(id, name)
  const actor = useActorRef(
    bulkActionsMachine.provide({
      actors: {
        runAction: fromPromise<unknown, { action: BulkAction }>(async ({ input }) => {
          const { target, allMatching, filter, ids } = latest.current
          const { action } = input
          try {
            return await api.post<BulkResult>(
              `${target.path}/bulk`,
              allMatching ? { action, filter } : { action, ids: [...ids] },
            )
          } finally {
            for (const path of target.refreshes)
              void client.invalidateQueries({ queryKey: pathKey(path) })
          }
        }),
      },
      actions: {
        reportDone: (_, params) => {
          const { target } = latest.current
          const result = params.result as BulkResult
          const text = bulkResultText(target, params.action, result, seenNames.current)
          const kind = result.refused.length > 0 ? 'warning' : 'success'
          const { trash } = target
          if (params.action === 'delete' && trash && result.done.length > 0) {
            notifyUndoable(kind, text, () => restoreMany(client, trash, result.done))
          } else notify[kind](text)
          latest.current.clear()
        },
        reportFailure: (_, params) => notify.error(errorText(params.error, BULK_TEXTS.failed)),
      },
    }),
  )
  const busy = useSelector(actor, (state) => state.hasTag('busy'))
  const confirming = useSelector(actor, (state) => state.hasTag('confirming'))
  const held = useHeldLists(count > 0)

  if (count === 0) return null
  const pageTicked = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id))
  return (
    <Flex
      role="region"
      aria-label="Bulk actions"
      wrap="wrap"
      align="center"
      gap="2"
      mb="2"
      px="3"
      py="2"
      rounded="md"
      bg="teal.subtle"
    >
      <Text role="status" fontWeight="medium" me="auto">
        {allMatching
          ? `All ${BULK_TEXTS.selected(target, count, countExact)}`
          : BULK_TEXTS.selected(target, count)}
      </Text>
      {!allMatching && pageTicked && total > count && (
        <Button size="sm" variant="plain" colorPalette="teal" onClick={selection.selectAllMatching}>
          {BULK_TEXTS.selectAll(total, totalExact)}
        </Button>
      )}
      {/* Polite: the button appearing is told to a screen reader without moving its focus. */}
      <Box aria-live="polite">
        {held.changes > 0 && (
          <Button size="sm" variant="outline" colorPalette="teal" onClick={held.refresh}>
            {BULK_TEXTS.heldChanges(held.changes)}
          </Button>
        )}
      </Box>
      <HStack wrap="wrap" gap="2">
        {target.actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'delete' ? 'outline' : 'subtle'}
            colorPalette={action === 'delete' ? 'red' : 'teal'}
            disabled={busy}
            onClick={() => actor.send({ type: 'bulk.request', action })}
          >
            {LABELS[action]}
          </Button>
        ))}
        <Button size="sm" variant="ghost" disabled={busy} onClick={selection.clear}>
          Clear selection
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title={BULK_TEXTS.confirmTitle}
        text={
          target.trash
            ? TRASH_TEXTS.moveMany(counted(target, count, countExact))
            : BULK_TEXTS.confirmText(target, count, countExact)
        }
        confirmText="Delete"
        busy={busy}
        onConfirm={() => actor.send({ type: 'bulk.confirm' })}
        onCancel={() => actor.send({ type: 'bulk.cancel' })}
      />
    </Flex>
  )
}
