// A record's categories on its detail page, one badge each. A name longer than its line wraps
// inside its badge rather than running past the card (issue 30: a phone at 320 px).
import { Badge, type BadgeProps, HStack } from '@chakra-ui/react'

interface CategoryBadgesProps {
  categories: { id: number; name: string }[]
  size?: BadgeProps['size']
}

export function CategoryBadges({ categories, size }: CategoryBadgesProps) {
  return (
    <HStack gap="2" wrap="wrap">
      {categories.map((category) => (
        <Badge
          key={category.id}
          colorPalette="teal"
          variant="outline"
          size={size}
          whiteSpace="normal"
          overflowWrap="anywhere"
          maxW="full"
        >
          {category.name}
        </Badge>
      ))}
    </HStack>
  )
}
