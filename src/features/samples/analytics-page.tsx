import { Box, Card, Flex, Heading, SimpleGrid, Stat, Text } from '@chakra-ui/react'
import { PageHeader } from '../../components/page-header'
import { SampleBadge } from './sample-badge'
import { sampleStats, sampleWeeklyOrders } from './sample-data'

export function AnalyticsPage() {
  const max = Math.max(...sampleWeeklyOrders.map((entry) => entry.orders))
  return (
    <>
      <PageHeader
        title="Analytics"
        description="How the marketplace is doing."
        actions={<SampleBadge />}
      />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="6">
        {sampleStats.map((stat) => (
          <Card.Root key={stat.label} variant="outline" bg="bg.panel">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{stat.label}</Stat.Label>
                <Stat.ValueText>{stat.value}</Stat.ValueText>
                <Stat.HelpText>{stat.change}</Stat.HelpText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body>
          <Heading as="h2" size="md" mb="4">
            Orders this week
          </Heading>
          <Flex align="flex-end" gap="3" h="48">
            {sampleWeeklyOrders.map((entry) => (
              <Flex
                key={entry.day}
                direction="column"
                align="center"
                flex="1"
                h="full"
                justify="flex-end"
              >
                <Text fontSize="xs" color="fg.muted" mb="1">
                  {entry.orders}
                </Text>
                <Box
                  w="full"
                  maxW="10"
                  h={`${(entry.orders / max) * 100}%`}
                  bg="teal.solid"
                  borderTopRadius="md"
                />
                <Text fontSize="xs" mt="2">
                  {entry.day}
                </Text>
              </Flex>
            ))}
          </Flex>
        </Card.Body>
      </Card.Root>
    </>
  )
}
