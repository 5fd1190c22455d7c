import { Badge, Card, Progress, Table } from '@chakra-ui/react'
import { PageHeader } from '../../components/page-header'
import { SampleBadge } from './sample-badge'
import { sampleProjects } from './sample-data'

const statusPalette: Record<string, string> = {
  'On track': 'green',
  'At risk': 'orange',
  Planned: 'gray',
}

export function ProjectsPage() {
  return (
    <>
      <PageHeader
        title="Projects"
        description="What the team is working on."
        actions={<SampleBadge />}
      />
      <Card.Root variant="outline" bg="bg.panel" overflowX="auto">
        <Table.Root size="md">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Project</Table.ColumnHeader>
              <Table.ColumnHeader>Owner</Table.ColumnHeader>
              <Table.ColumnHeader>Progress</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sampleProjects.map((project) => (
              <Table.Row key={project.name}>
                <Table.Cell fontWeight="medium">{project.name}</Table.Cell>
                <Table.Cell>{project.owner}</Table.Cell>
                <Table.Cell minW="32">
                  <Progress.Root value={project.progress} size="sm" colorPalette="teal">
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={statusPalette[project.status]}>{project.status}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card.Root>
    </>
  )
}
