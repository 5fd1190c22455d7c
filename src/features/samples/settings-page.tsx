import { Card, DataList, Heading, Stack } from '@chakra-ui/react'
import { PageHeader } from '../../components/page-header'
import { SampleBadge } from './sample-badge'
import { sampleSettings } from './sample-data'

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Workspace preferences." actions={<SampleBadge />} />
      <Stack gap="4">
        {sampleSettings.map((group) => (
          <Card.Root key={group.section} variant="outline" bg="bg.panel">
            <Card.Body>
              <Heading as="h2" size="md" mb="4">
                {group.section}
              </Heading>
              <DataList.Root orientation="horizontal">
                {group.items.map((item) => (
                  <DataList.Item key={item.label}>
                    <DataList.ItemLabel minW="48">{item.label}</DataList.ItemLabel>
                    <DataList.ItemValue>{item.value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </>
  )
}
