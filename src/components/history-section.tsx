// The History section of a detail page: who changed what and when, newest first, ten to a page
// (GET /{entity}/{id}/history). Each entry says the action, the operator and the time in the
// operator's locale, then every changed field as "Field: before → after" (see changeLines), the
// field named as the record's page names it.
import { Box, Card, type CardRootProps, Heading, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  actionText,
  changeLines,
  type FieldLabels,
  HISTORY_LOAD_FAILED,
  type HistoryEntry,
  historyQuery,
  operatorText,
  timeText,
} from '../lib/history'
import { ListResults } from './list-results'

/**
 * `recordPath`: the record's API path, e.g. `/products/7`; `titles`: what the record's page calls
 * its fields (forms/field-titles.ts), so a field an analyst renamed reads under its new title;
 * `maxW`: the width of the page's other cards, so History lines up with them.
 */
export function HistorySection({
  recordPath,
  titles,
  maxW,
}: {
  recordPath: string
  titles?: FieldLabels
  maxW: CardRootProps['maxW']
}) {
  const [page, setPage] = useState(1)
  const list = useQuery(historyQuery(recordPath, page))
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
                <HistoryItem key={entry.id} entry={entry} titles={titles} />
              ))}
            </List.Root>
          )}
        </ListResults>
      </Card.Body>
    </Card.Root>
  )
}

function HistoryItem({ entry, titles }: { entry: HistoryEntry; titles?: FieldLabels }) {
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
    </List.Item>
  )
}
