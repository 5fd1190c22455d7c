import { Card, Text } from '@chakra-ui/react'
import { Construction } from 'lucide-react'
import { PageHeader } from './page-header'

interface PlaceholderPageProps {
  title: string
  /** Route details worth showing, e.g. "ID 7". */
  subtitle?: string
}

/** Stands in for an entity screen until its issue lands; keeps routes and headings testable. */
export function PlaceholderPage({ title, subtitle }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} description={subtitle} />
      <Card.Root variant="outline" bg="bg.panel" borderStyle="dashed">
        <Card.Body flexDirection="row" alignItems="center" gap="3" color="fg.muted">
          <Construction size={20} aria-hidden />
          <Text>This screen is being built.</Text>
        </Card.Body>
      </Card.Root>
    </>
  )
}
