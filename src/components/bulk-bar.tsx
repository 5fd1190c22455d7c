// The bar above a list's table while rows are chosen: how many, "Select all N matching the
// filters" once a whole page is ticked, and the list's actions (Enable, Disable, Delete behind
// the spec's confirm dialog). One request per action; its result is a toast. It sits outside
// the table's sideways scroll, so at 375 px it stays in view and its buttons wrap.
import { Button, Flex, HStack, Text } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api, errorText } from '../lib/api-client'
import { pathKey } from '../lib/query-client'
import { BULK_TEXTS, type BulkResult, bulkResultText } from './bulk-messages'
import type { BulkAction, BulkSelection } from './bulk-selection'
import { ConfirmDialog } from './confirm-dialog'
import { notify } from './messages'

const LABELS: Record<BulkAction, string> = {
  enable: 'Enable',
  disable: 'Disable',
  delete: 'Delete',
}

export function BulkBar({ selection, pageIds }: { selection: BulkSelection; pageIds: number[] }) {
  const { target, count, total, allMatching } = selection
  const [confirming, setConfirming] = useState(false)
  const client = useQueryClient()
  const run = useMutation({
    mutationFn: (action: BulkAction) =>
      api.post<BulkResult>(
        `${target.path}/bulk`,
        allMatching ? { action, filter: selection.filter } : { action, ids: [...selection.ids] },
      ),
    onSettled: () => {
      for (const path of target.refreshes)
        void client.invalidateQueries({ queryKey: pathKey(path) })
    },
  })
  const act = (action: BulkAction) =>
    run.mutate(action, {
      onSuccess: (result) => {
        const text = bulkResultText(target, action, result)
        if (result.refused.length > 0) notify.warning(text)
        else notify.success(text)
        selection.clear()
      },
      onError: (error) => notify.error(errorText(error, BULK_TEXTS.failed)),
      onSettled: () => setConfirming(false),
    })

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
          ? `All ${BULK_TEXTS.selected(target, count)}`
          : BULK_TEXTS.selected(target, count)}
      </Text>
      {!allMatching && pageTicked && total > count && (
        <Button size="sm" variant="plain" colorPalette="teal" onClick={selection.selectAllMatching}>
          {BULK_TEXTS.selectAll(total)}
        </Button>
      )}
      <HStack wrap="wrap" gap="2">
        {target.actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'delete' ? 'outline' : 'subtle'}
            colorPalette={action === 'delete' ? 'red' : 'teal'}
            disabled={run.isPending}
            onClick={() => (action === 'delete' ? setConfirming(true) : act(action))}
          >
            {LABELS[action]}
          </Button>
        ))}
        <Button size="sm" variant="ghost" disabled={run.isPending} onClick={selection.clear}>
          Clear selection
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title={BULK_TEXTS.confirmTitle}
        text={BULK_TEXTS.confirmText(target, count)}
        confirmText="Delete"
        busy={run.isPending}
        onConfirm={() => act('delete')}
        onCancel={() => setConfirming(false)}
      />
    </Flex>
  )
}
