// The work queues: records waiting for someone to act on them, each a link to its filtered list
// (or its trash) named with its count: disabled providers, products without a preview image,
// each trash, then the records lacking a custom field an analyst made required (these appear
// once known, last, so nothing above them moves).
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react'
import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { paths } from '../../app/paths'
import { COLLECTIONS } from './collections'
import { CountText } from './count-text'
import { type Count, countQuery, missingFieldsQuery } from './dashboard-api'
import { DASHBOARD_MESSAGES } from './dashboard-messages'

export function WorkQueues({ headingId }: { headingId: string }) {
  const disabled = useQuery(countQuery('/service-providers', { enabled: false }))
  const withoutPreview = useQuery(countQuery('/products', { hasPreviewImage: false }))
  const trash = useQueries({
    queries: COLLECTIONS.map((collection) => countQuery(`${collection.api}/trash`)),
  })
  const missing = useQueries({
    queries: COLLECTIONS.map((collection) => missingFieldsQuery(collection.api)),
  })
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
      <Card.Header pb="1">
        <Heading as="h2" size="md" id={headingId}>
          {DASHBOARD_MESSAGES.queues}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {DASHBOARD_MESSAGES.queuesHint}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        <Box as="ul" listStyleType="none">
          <QueueLink
            to={`${paths.serviceProviders.list}?status=disabled`}
            label={DASHBOARD_MESSAGES.disabledProviders}
            count={disabled}
          />
          <QueueLink
            to={`${paths.products.list}?preview=without`}
            label={DASHBOARD_MESSAGES.withoutPreview}
            count={withoutPreview}
          />
          {COLLECTIONS.map((collection, index) => (
            <QueueLink
              key={collection.trash}
              to={collection.trash}
              label={DASHBOARD_MESSAGES.trash(collection.title)}
              count={trash[index]}
            />
          ))}
          {COLLECTIONS.flatMap((collection, index) =>
            (missing[index].data ?? [])
              .filter((field) => field.missing > 0)
              .map((field) => (
                <QueueLink
                  key={`${collection.api}:${field.field}`}
                  to={`${collection.list}?missing=${encodeURIComponent(field.field)}`}
                  label={DASHBOARD_MESSAGES.missing(collection.title, field.title)}
                  count={{ data: { total: field.missing, exact: true }, isError: false }}
                />
              )),
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  )
}

interface QueueLinkProps {
  to: string
  label: string
  count: Pick<UseQueryResult<Count>, 'data' | 'isError'>
}

/** One queue: a row linking to its list, its count at the end (part of the link's name). */
function QueueLink({ to, label, count }: QueueLinkProps) {
  const waiting = (count.data?.total ?? 0) > 0
  return (
    <Box
      as="li"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
    >
      <Flex
        asChild
        align="center"
        justify="space-between"
        gap="3"
        py="2.5"
        px="2"
        mx="-2"
        borderRadius="md"
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'teal.focusRing' }}
      >
        <RouterLink to={to}>
          <Text as="span" fontSize="sm">
            {label}
          </Text>{' '}
          <CountText
            query={count}
            as="span"
            fontSize="sm"
            px="2"
            borderRadius="full"
            textAlign="center"
            bg={waiting ? 'orange.subtle' : undefined}
            color={waiting ? 'orange.fg' : 'fg.muted'}
          />
        </RouterLink>
      </Flex>
    </Box>
  )
}
