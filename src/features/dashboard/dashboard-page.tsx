// The dashboard: the spec's greeting and text, then what an operator opens it for (issue 31,
// point 3): how many records each collection holds, the work queues, and the recent changes,
// all refreshed by live changes (./dashboard-api.ts).
import { Box, Grid, Heading, Text, VisuallyHidden } from '@chakra-ui/react'
import { useId } from 'react'
import { useDocumentTitle } from '../../app/use-document-title'
import { greetingFor } from '../../lib/greeting'
import { CollectionCounts } from './collection-counts'
import { DASHBOARD_MESSAGES } from './dashboard-messages'
import { RecentChanges } from './recent-changes'
import { WorkQueues } from './work-queues'

export function DashboardPage() {
  // The heading is a greeting that changes with the hour; the tab says where the operator is.
  useDocumentTitle('Dashboard')
  // Read once per visit: the greeting follows the browser's local clock.
  const greeting = greetingFor(new Date())
  const ids = { records: useId(), queues: useId(), recent: useId() }
  return (
    <Box>
      <Box mb={{ base: '5', md: '6' }}>
        <Heading as="h1" size="3xl" letterSpacing="tight">
          {greeting}
        </Heading>
        <Text color="fg.muted" fontSize="lg" mt="1">
          Welcome to the admin dashboard
        </Text>
      </Box>
      <Box as="section" aria-labelledby={ids.records} mb={{ base: '5', md: '6' }}>
        <VisuallyHidden>
          <Heading as="h2" id={ids.records}>
            {DASHBOARD_MESSAGES.records}
          </Heading>
        </VisuallyHidden>
        <CollectionCounts />
      </Box>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }}
        gap={{ base: '5', md: '6' }}
        alignItems="start"
      >
        <Box as="section" aria-labelledby={ids.queues}>
          <WorkQueues headingId={ids.queues} />
        </Box>
        <Box as="section" aria-labelledby={ids.recent}>
          <RecentChanges headingId={ids.recent} />
        </Box>
      </Grid>
    </Box>
  )
}
