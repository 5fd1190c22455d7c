// One card per collection: how many records it holds (live), a link to its list, and Create for
// a role that may write. The number keeps its place while it loads (a placeholder of its
// size), so nothing below moves when the counts arrive.
import { Button, Card, Flex, Heading, Icon, LinkOverlay, SimpleGrid } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Link as RouterLink } from 'react-router-dom'
import { useCan } from '../../lib/me'
import { COLLECTIONS, type Collection } from './collections'
import { CountText } from './count-text'
import { countQuery } from './dashboard-api'
import { DASHBOARD_MESSAGES } from './dashboard-messages'

export function CollectionCounts() {
  // A role that cannot create sees the counts without their Create button.
  const canWrite = useCan('write')
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={{ base: 2, lg: 4 }}
      gap={{ base: '3', md: '4' }}
    >
      {COLLECTIONS.map((collection) => (
        <li key={collection.api}>
          <CountCard collection={collection} canWrite={canWrite} />
        </li>
      ))}
    </SimpleGrid>
  )
}

function CountCard({ collection, canWrite }: { collection: Collection; canWrite: boolean }) {
  const count = useQuery(countQuery(collection.api))
  const create = canWrite ? collection.create : undefined
  return (
    // Positioned, so the title's link covers the whole card (LinkOverlay).
    <Card.Root
      position="relative"
      variant="outline"
      bg="bg.panel"
      borderRadius="xl"
      h="full"
      _hover={{ boxShadow: 'md' }}
    >
      <Card.Body gap="2" p={{ base: '3', md: '4' }}>
        <Flex align="center" justify="space-between" gap="2">
          <Flex
            align="center"
            justify="center"
            boxSize="8"
            flexShrink="0"
            borderRadius="lg"
            bg="teal.subtle"
            color="teal.fg"
          >
            <Icon as={collection.icon} boxSize="4" aria-hidden />
          </Flex>
          {create && (
            // Above the card's own link, so it opens the create page rather than the list.
            <Button asChild size="2xs" variant="outline" position="relative" zIndex="1">
              <RouterLink to={create.to} aria-label={create.label}>
                <Plus aria-hidden /> Create
              </RouterLink>
            </Button>
          )}
        </Flex>
        <CountText query={count} fontSize={{ base: 'xl', md: '2xl' }} />
        <Heading as="h3" size="sm" fontWeight="medium" lineHeight="short">
          <LinkOverlay asChild>
            <RouterLink to={collection.list} aria-label={DASHBOARD_MESSAGES.open(collection.title)}>
              {collection.title}
            </RouterLink>
          </LinkOverlay>
        </Heading>
      </Card.Body>
    </Card.Root>
  )
}
