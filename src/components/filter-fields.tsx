// What the list screens' filter forms share: Status (All / Enabled / Disabled), a category
// searched by name (with its full path), and the Apply / Clear filters buttons.
import { Box, Button, Field, HStack, NativeSelect } from '@chakra-ui/react'
import { X } from 'lucide-react'
import type { CategorySource } from '../lib/category-search'
import { CategoryCombobox, type PickerExtra } from './category-combobox'

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
  source: CategorySource
  /** The label of the "no filter" choice (the value ''). */
  allLabel: string
  /** Choices after "all" ("top level only", …): each list words them its own way. */
  extras?: PickerExtra[]
  flex?: string
}

const ALL = 'all'

/** A category filter: the value is '' (all), an extra's value, or a category id. */
export function CategoryFilterField(props: CategoryFilterProps) {
  const { label, value, onChange, source, allLabel, extras = [], flex } = props
  return (
    <Box flex={flex} width="full">
      <CategoryCombobox
        label={label}
        source={source}
        extras={[{ value: ALL, label: allLabel }, ...extras]}
        value={[value === '' ? ALL : value]}
        onChange={(picked) =>
          onChange(picked[0] === undefined || picked[0] === ALL ? '' : picked[0])
        }
        placeholder="Type to search"
      />
    </Box>
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
