// Select fields the list screens' filter forms share: Status (All / Enabled / Disabled) and a
// category picked from an indented tree.
import { Field, NativeSelect } from '@chakra-ui/react'
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
