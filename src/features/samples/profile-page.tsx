import { Avatar, Card, DataList, Flex, Heading, Text } from '@chakra-ui/react'
import { PageHeader } from '../../components/page-header'
import { SampleBadge } from './sample-badge'
import { sampleProfile } from './sample-data'

const fields = [
  { label: 'Email', value: sampleProfile.email },
  { label: 'Phone', value: sampleProfile.phone },
  { label: 'Location', value: sampleProfile.location },
  { label: 'Joined', value: sampleProfile.joined },
]

export function ProfilePage() {
  return (
    <>
      <PageHeader title="Profile" actions={<SampleBadge />} />
      <Card.Root variant="outline" bg="bg.panel" maxW="2xl">
        <Card.Body gap="6">
          <Flex align="center" gap="4">
            <Avatar.Root size="2xl" colorPalette="teal">
              <Avatar.Fallback name={sampleProfile.name} />
            </Avatar.Root>
            <div>
              <Heading as="h2" size="lg">
                {sampleProfile.name}
              </Heading>
              <Text color="fg.muted">{sampleProfile.role}</Text>
            </div>
          </Flex>
          <DataList.Root orientation="horizontal">
            {fields.map((field) => (
              <DataList.Item key={field.label}>
                <DataList.ItemLabel minW="32">{field.label}</DataList.ItemLabel>
                <DataList.ItemValue>{field.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </>
  )
}
