// Recent changes: the latest history entries of every collection (GET /history), newest first,
// each saying what happened to which record, which fields, who and when; the record's name
// links to its page while it exists. Refreshed by every live change.
import { Box, Card, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Pager } from '../../components/pager'
import { Placeholder } from '../../components/placeholder'
import { actionText, fieldText, operatorText, timeText } from '../../lib/history'
import { collectionOf } from './collections'
import { type RecentChange, recentChangesQuery } from './dashboard-api'
import { DASHBOARD_MESSAGES } from './dashboard-messages'

export function RecentChanges({ headingId }: { headingId: string }) {
  const [page, setPage] = useState(1)
  const recent = useQuery(recentChangesQuery(page))
  const entries = recent.data?.data
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
      <Card.Header pb="1">
        <Heading as="h2" size="md" id={headingId}>
          {DASHBOARD_MESSAGES.recent}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {entries === undefined ? (
          recent.isError ? (
            <Text color="fg.muted">{DASHBOARD_MESSAGES.recentFailed}</Text>
          ) : (
            <Stack gap="0" aria-busy>
              {Array.from({ length: 4 }, (_, index) => (
                // Each as tall as an entry: nothing jumps when they arrive.
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                <Placeholder key={index} h="16" my="2" />
              ))}
            </Stack>
          )
        ) : entries.length === 0 ? (
          <Text color="fg.muted">{DASHBOARD_MESSAGES.recentEmpty}</Text>
        ) : (
          <Box as="ol" listStyleType="none" opacity={recent.isPlaceholderData ? 0.6 : 1}>
            {entries.map((entry) => (
              <ChangeItem key={entry.id} entry={entry} />
            ))}
          </Box>
        )}
        {recent.data &&
          (recent.data.pagination.totalPages > 1 || recent.data.pagination.hasNext) && (
            <Pager
              pagination={recent.data.pagination}
              shown={recent.data.data.length}
              onPage={setPage}
            />
          )}
      </Card.Body>
    </Card.Root>
  )
}

/** "Deep Home Clean" (a link) · Product / "Updated · Name, Price" / "admin · 27 Nov 2026, 09:10". */
function ChangeItem({ entry }: { entry: RecentChange }) {
  const collection = collectionOf(entry.collection)
  const one = collection?.one ?? entry.collection
  const name = entry.name ?? DASHBOARD_MESSAGES.gone(one, entry.recordId)
  const fields = entry.fields.map(fieldText).join(', ')
  return (
    <Box
      as="li"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
    >
      <Text fontSize="sm" lineClamp={1}>
        {entry.name !== null && collection ? (
          <Link asChild fontWeight="medium" colorPalette="teal">
            <RouterLink to={collection.detail(entry.recordId)}>{name}</RouterLink>
          </Link>
        ) : (
          <Text as="span" fontWeight="medium">
            {name}
          </Text>
        )}
        <Text as="span" color="fg.muted">
          {' · '}
          {one}
        </Text>
      </Text>
      <Text fontSize="sm" color="fg.muted" lineClamp={1}>
        {actionText(entry)}
        {fields && entry.action !== 'create' && entry.action !== 'delete' ? ` · ${fields}` : ''}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {DASHBOARD_MESSAGES.by(operatorText(entry))} ·{' '}
        <time dateTime={entry.at}>{timeText(entry.at)}</time>
      </Text>
    </Box>
  )
}
