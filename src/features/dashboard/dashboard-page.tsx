import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react'
import { FolderTree, Package, Tags, Users } from 'lucide-react'
import { paths } from '../../app/paths'
import { useDocumentTitle } from '../../app/use-document-title'
import { greetingFor } from '../../lib/greeting'
import { useCan } from '../../lib/me'
import { AreaCard } from './area-card'

const areas = [
  {
    title: 'Service Provider Categories',
    description: 'Organise the services providers offer.',
    icon: Tags,
    to: paths.serviceProviderCategories.list,
    createTo: paths.serviceProviderCategories.create,
    createLabel: 'Create Service Provider Category',
  },
  {
    title: 'Service Providers',
    description: 'Profiles, contact details, photos and logos.',
    icon: Users,
    to: paths.serviceProviders.list,
    createTo: paths.serviceProviders.create,
    createLabel: 'Create Service Provider',
  },
  {
    title: 'Product Categories',
    description: 'The hierarchy products are filed under.',
    icon: FolderTree,
    to: paths.productCategories.list,
    createTo: paths.productCategories.create,
    createLabel: 'Create Product Category',
  },
  {
    title: 'Products',
    description: 'Pricing, delivery times, ratings and images.',
    icon: Package,
    to: paths.products.list,
  },
]

export function DashboardPage() {
  // The heading is a greeting that changes with the hour; the tab says where the operator is.
  useDocumentTitle('Dashboard')
  // Read once per visit: the greeting follows the browser's local clock.
  const greeting = greetingFor(new Date())
  // A role that cannot create sees the cards without their Create button.
  const canWrite = useCan('write')
  return (
    <Box>
      <Box mb="8">
        <Heading as="h1" size="3xl" letterSpacing="tight">
          {greeting}
        </Heading>
        <Text color="fg.muted" fontSize="lg" mt="1">
          Welcome to the admin dashboard
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {areas.map((area) => (
          <AreaCard key={area.title} {...area} createTo={canWrite ? area.createTo : undefined} />
        ))}
      </SimpleGrid>
    </Box>
  )
}
