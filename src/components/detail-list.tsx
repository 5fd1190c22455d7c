// A record's fields on its detail page: each label beside its value, or, where the list is
// narrower than 30rem (a phone, or the half of a card beside a picture), each label above its
// value, so the value has the list's whole width and nothing runs past the card (issue 30). The
// list's own width decides (a container query), not the screen's. Chakra's DataList underneath:
// DetailItem and CustomFieldItems go inside.
import { Box, DataList } from '@chakra-ui/react'
import type { ReactNode } from 'react'

const stacked = {
  '@container (width < 30rem)': {
    '& .chakra-data-list__item': { flexDirection: 'column', alignItems: 'stretch', gap: '1' },
  },
}

export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box css={{ containerType: 'inline-size' }}>
      <DataList.Root orientation="horizontal" gap="4" css={stacked}>
        {children}
      </DataList.Root>
    </Box>
  )
}

export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      {/* One line under another; a value wider than its line (a long link, a price and its
          badge) wraps. */}
      <DataList.ItemValue flexDirection="column" alignItems="flex-start" overflowWrap="anywhere">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  )
}
