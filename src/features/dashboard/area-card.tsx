import { Button, Card, Flex, Heading, Icon, Text } from '@chakra-ui/react'
import { ArrowRight, type LucideIcon, Plus } from 'lucide-react'
import { Link as RouterLink } from 'react-router-dom'

interface AreaCardProps {
  title: string
  description: string
  icon: LucideIcon
  to: string
  createTo?: string
  createLabel?: string
}

/** A dashboard card leading to one management area. */
export function AreaCard({ title, description, icon, to, createTo, createLabel }: AreaCardProps) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" _hover={{ boxShadow: 'md' }}>
      <Card.Body gap="3">
        <Flex
          align="center"
          justify="center"
          boxSize="10"
          borderRadius="lg"
          bg="teal.subtle"
          color="teal.fg"
        >
          <Icon as={icon} boxSize="5" aria-hidden />
        </Flex>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button asChild size="sm" colorPalette="teal" aria-label={`Open ${title}`}>
          <RouterLink to={to}>
            Open <ArrowRight />
          </RouterLink>
        </Button>
        {createTo && (
          <Button asChild size="sm" variant="outline" aria-label={createLabel}>
            <RouterLink to={createTo}>
              <Plus /> Create
            </RouterLink>
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  )
}
