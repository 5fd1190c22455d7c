// The categories a multiple picker holds, as chips with a Remove button each (their full path
// as the text, their path in the button's name).
import { HStack, Tag, Text } from '@chakra-ui/react'

interface Chip {
  value: string
  label: string
}

interface CategoryChipsProps {
  chips: Chip[]
  emptyText?: string
  /** Absent when the field is locked. */
  onRemove?: (value: string) => void
}

export function CategoryChips({
  chips,
  emptyText = 'None selected',
  onRemove,
}: CategoryChipsProps) {
  if (chips.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {emptyText}
      </Text>
    )
  }
  return (
    <HStack wrap="wrap" gap="2" aria-label="Selected categories" role="list">
      {chips.map((chip) => (
        <Tag.Root key={chip.value} size="lg" colorPalette="teal" role="listitem" maxW="full">
          <Tag.Label>{chip.label}</Tag.Label>
          {onRemove && (
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`Remove ${chip.label}`}
                onClick={() => onRemove(chip.value)}
              />
            </Tag.EndElement>
          )}
        </Tag.Root>
      ))}
    </HStack>
  )
}
