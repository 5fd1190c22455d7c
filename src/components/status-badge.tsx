// Enabled / Disabled, as providers, products and images show it.
import { Badge } from '@chakra-ui/react'

export function StatusBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge colorPalette={enabled ? 'green' : 'gray'} variant="subtle">
      {enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  )
}
