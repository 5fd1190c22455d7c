import { Badge, Card, Flex, Icon, Stack, Text } from '@chakra-ui/react'
import { CircleCheck, CircleDashed } from 'lucide-react'
import { PageHeader } from '../../components/page-header'
import { SampleBadge } from './sample-badge'
import { sampleTasks } from './sample-data'

export function TasksPage() {
  return (
    <>
      <PageHeader title="Tasks" description="Things to get done." actions={<SampleBadge />} />
      <Card.Root variant="outline" bg="bg.panel">
        <Stack as="ul" gap="0" listStyleType="none" divideY="1px">
          {sampleTasks.map((task) => (
            <Flex as="li" key={task.title} align="center" gap="3" px="5" py="3.5">
              <Icon
                as={task.done ? CircleCheck : CircleDashed}
                color={task.done ? 'green.solid' : 'fg.subtle'}
                boxSize="5"
                aria-hidden
              />
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="medium" textDecoration={task.done ? 'line-through' : undefined}>
                  {task.title}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {task.assignee}
                </Text>
              </Stack>
              <Badge colorPalette={task.done ? 'green' : 'gray'}>
                {task.done ? 'Done' : task.due}
              </Badge>
            </Flex>
          ))}
        </Stack>
      </Card.Root>
    </>
  )
}
