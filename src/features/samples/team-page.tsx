import { Avatar, Card, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { PageHeader } from '../../components/page-header'
import { SampleBadge } from './sample-badge'
import { sampleMembers } from './sample-data'

export function TeamPage() {
  return (
    <>
      <PageHeader
        title="Team Members"
        description="Who runs the marketplace."
        actions={<SampleBadge />}
      />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {sampleMembers.map((member) => (
          <Card.Root key={member.email} variant="outline" bg="bg.panel">
            <Card.Body>
              <Flex align="center" gap="3">
                <Avatar.Root colorPalette="teal">
                  <Avatar.Fallback name={member.name} />
                </Avatar.Root>
                <Stack gap="0" minW="0">
                  <Text fontWeight="semibold">{member.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {member.role}
                  </Text>
                  <Text fontSize="sm" color="fg.subtle" truncate>
                    {member.email}
                  </Text>
                </Stack>
              </Flex>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </>
  )
}
