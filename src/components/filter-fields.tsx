// What the list screens' filter forms share: Status (All / Enabled / Disabled), a category
// picked from an indented tree, and the Apply / Clear filters buttons.
import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { indentedLabel, type TreeOption } from '../lib/category-tree'

interface SelectFilterProps {
  value: string
  onChange: (value: string) => void
}

export function StatusFilterField({ value, onChange }: SelectFilterProps) {
  return (
    <Field.Root>
      <Field.Label>Status</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="all">All</option>
          <option value="enabled">Enabled</option>
          <option value="disabled">Disabled</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

interface CategoryFilterProps extends SelectFilterProps {
  label: string
  choices: TreeOption[]
  /** The options before the tree ("All", …): each list words them its own way. */
  leadingOptions: ReactNode
  flex?: string
}

export function CategoryFilterField(props: CategoryFilterProps) {
  const { label, value, onChange, choices, leadingOptions, flex } = props
  return (
    <Field.Root flex={flex}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {leadingOptions}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value} aria-label={choice.label}>
              {indentedLabel(choice)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

interface FilterActionsProps {
  /** Whether any filter is set: Clear filters is disabled otherwise. */
  filtered: boolean
  onClear: () => void
}

/** Apply (the spec's button: filters also apply as they change) and Clear filters. */
export function FilterActions({ filtered, onClear }: FilterActionsProps) {
  return (
    <HStack gap="2" wrap="wrap">
      <Button type="submit" colorPalette="teal">
        Apply
      </Button>
      <Button variant="ghost" disabled={!filtered} onClick={onClear}>
        <X aria-hidden /> Clear filters
      </Button>
    </HStack>
  )
}
