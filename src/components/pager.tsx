// Previous / Next with "Page X of Y"; the buttons follow the API's hasPrev / hasNext.
import { Button, HStack, Text } from '@chakra-ui/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'

export interface PagerInfo {
  page: number
  totalPages: number
  hasPrev: boolean
  hasNext: boolean
}

interface PagerProps {
  pagination: PagerInfo
  onPage: (page: number) => void
  /** Spelling of the label: the spec says "Page X of Y" on some lists and "Page x of y" on others. */
  label?: (page: number, totalPages: number) => string
}

export function Pager({ pagination, onPage, label }: PagerProps) {
  const { page, totalPages, hasPrev, hasNext } = pagination
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" gap="4" mt="6">
      <Button variant="outline" size="sm" disabled={!hasPrev} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden /> Previous
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {label ? label(page, totalPages) : `Page ${page} of ${totalPages}`}
      </Text>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden />
      </Button>
    </HStack>
  )
}
