// Many categories as removable chips, added from a native select of the hierarchy. Choices and
// the empty text arrive through "ui:options": { "choices": TreeOption[], "emptyText": "…" }.
import { HStack, NativeSelect, Stack, Tag, Text } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { indentedLabel, type TreeOption } from '../../lib/category-tree'

export function CategoryChipsWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange } = props
  const selected: number[] = Array.isArray(value) ? value : []
  const choices = (options.choices ?? []) as TreeOption[]
  const emptyText = typeof options.emptyText === 'string' ? options.emptyText : 'None selected'
  const nameOf = (categoryId: number) =>
    choices.find((c) => c.value === categoryId)?.label ?? `#${categoryId}`
  const locked = disabled || readonly
  return (
    <Stack gap="3">
      <NativeSelect.Root disabled={locked}>
        <NativeSelect.Field
          id={id}
          name={id}
          value=""
          onChange={(event) => {
            const picked = Number(event.target.value)
            if (picked && !selected.includes(picked)) onChange([...selected, picked])
          }}
        >
          <option value="">Add a category…</option>
          {choices.map((choice) => (
            <option
              key={choice.value}
              value={choice.value}
              aria-label={choice.label}
              disabled={selected.includes(choice.value)}
            >
              {indentedLabel(choice)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {selected.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {emptyText}
        </Text>
      ) : (
        <HStack wrap="wrap" gap="2" aria-label="Selected categories" role="list">
          {selected.map((categoryId) => (
            <Tag.Root key={categoryId} size="lg" colorPalette="teal" role="listitem">
              <Tag.Label>{nameOf(categoryId)}</Tag.Label>
              {!locked && (
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`Remove ${nameOf(categoryId)}`}
                    onClick={() => onChange(selected.filter((c) => c !== categoryId))}
                  />
                </Tag.EndElement>
              )}
            </Tag.Root>
          ))}
        </HStack>
      )}
    </Stack>
  )
}
