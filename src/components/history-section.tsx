// The History section of a detail page: who changed what and when, newest first, ten to a page
// (GET /{entity}/{id}/history). Each entry says the action, the operator and the time in the
// operator's locale, then every changed field as "Field: before → after" (see changeLines), the
// field named as the record's page names it. For a role that may write, each entry that is a
// version of the record offers "Restore this version" (./restore-version-dialog.tsx).
import {
  Box,
  Button,
  Card,
  type CardRootProps,
  Heading,
  HStack,
  List,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import {
  actionText,
  changeLines,
  type FieldLabels,
  HISTORY_LOAD_FAILED,
  type HistoryEntry,
  historyQuery,
  isVersion,
  operatorText,
  timeText,
} from '../lib/history'
import { useCan } from '../lib/me'
import { ListResults } from './list-results'
import { RestoreVersionDialog, useRevert } from './restore-version-dialog'
import { RESTORE_VERSION_MESSAGES } from './restore-version-messages'

/**
 * `recordPath`: the record's API path, e.g. `/products/7`; `titles`: what the record's page calls
 * its fields (forms/field-titles.ts), so a field an analyst renamed reads under its new title;
 * `maxW`: the width of the page's other cards, so History lines up with them;
 * `etag`: the record's ETag as the page loaded it, which restoring a version sends as If-Match.
 */
export function HistorySection({
  recordPath,
  titles,
  maxW,
  etag = null,
}: {
  recordPath: string
  titles?: FieldLabels
  maxW: CardRootProps['maxW']
  etag?: string | null
}) {
  const [page, setPage] = useState(1)
  const list = useQuery(historyQuery(recordPath, page))
  const canRestore = useCan('write')
  const revert = useRevert({ recordPath, etag, onRestored: () => setPage(1) })
  const restore = canRestore ? (to: number) => revert.send({ type: 'revert.open', to }) : undefined
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" aria-label="History" mt="6" maxW={maxW}>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          History
        </Heading>
        <ListResults
          list={list}
          failedText={HISTORY_LOAD_FAILED}
          emptyText="No changes recorded yet."
          onPage={setPage}
        >
          {(entries) => (
            <List.Root as="ol" variant="plain" gap="4">
              {entries.map((entry) => (
                <HistoryItem key={entry.id} entry={entry} titles={titles} onRestore={restore} />
              ))}
            </List.Root>
          )}
        </ListResults>
        {canRestore && <RestoreVersionDialog actor={revert} titles={titles} />}
      </Card.Body>
    </Card.Root>
  )
}

function HistoryItem({
  entry,
  titles,
  onRestore,
}: {
  entry: HistoryEntry
  titles?: FieldLabels
  /** Offered to a role that may write, for an entry that is a version of the record. */
  onRestore?: (to: number) => void
}) {
  const lines = changeLines(entry, titles)
  return (
    <List.Item display="block" borderTopWidth="1px" pt="3">
      <HStack gap="2" wrap="wrap" align="baseline">
        <Text fontWeight="semibold">{actionText(entry)}</Text>
        <Text color="fg.muted" fontSize="sm">
          by {operatorText(entry)} · <time dateTime={entry.at}>{timeText(entry.at)}</time>
        </Text>
      </HStack>
      {lines.length > 0 && (
        <Stack as="ul" gap="1" mt="1" fontSize="sm" listStyleType="none">
          {lines.map(({ field, label, text }) => (
            <Box as="li" key={field} overflowWrap="anywhere">
              <Text as="span" fontWeight="medium">
                {label}:
              </Text>{' '}
              {text}
            </Box>
          ))}
        </Stack>
      )}
      {onRestore && isVersion(entry) && (
        <Button size="xs" variant="outline" mt="2" onClick={() => onRestore(entry.id)}>
          <RotateCcw aria-hidden /> {RESTORE_VERSION_MESSAGES.button}
        </Button>
      )}
    </List.Item>
  )
}
