import { Badge } from '@chakra-ui/react'

/** Marks template pages so nobody mistakes their content for real data. */
export function SampleBadge() {
  return (
    <Badge colorPalette="gray" variant="surface" size="md">
      Sample data
    </Badge>
  )
}
