// What the list screens' filter forms share: the panel that folds them away on a phone, a text
// filter, Status (All / Enabled / Disabled), a category searched by name (with its full path),
// and the Apply / Clear filters buttons.
import { Box, Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react'
import { ChevronDown, SlidersHorizontal, X } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { WIDE_QUERY } from '../app/use-media-query'
import type { CustomField } from '../forms/custom-fields'
import type { CategorySource } from '../lib/category-search'
import type { PickerExtra } from './category-combobox'
import {
  CustomFilterFields,
  customFilterQuery,
  type ListedField,
  MissingFieldFilter,
  missingQuery,
} from './custom-list-fields'
import { LazyCategoryCombobox as CategoryCombobox } from './lazy-category-combobox'

interface FilterPanelProps {
  /** How many of the list's own filters narrow it now (useFilterDraft's `active`). */
  active?: number
  /** The list's marked custom fields: their filters sit in the panel too, and count. */
  custom?: readonly ListedField[]
  /** The custom fields a form requires: "Missing field" lists the records that lack one. */
  missable?: readonly CustomField[]
  /** The list's own filter form, if it has one. */
  children?: ReactNode
}

/**
 * A list's filters behind a "Filters (N)" toggle, N being how many narrow the list: folded on a
 * phone, so the rows come first (issue 30), open on wider screens. Folded filters still apply:
 * they live in the URL. Nothing when the list has no filters.
 */
export function FilterPanel({
  active = 0,
  custom = [],
  missable = [],
  children,
}: FilterPanelProps) {
  const [params] = useSearchParams()
  const [open, setOpen] = useState(() => window.matchMedia(WIDE_QUERY).matches)
  const panelId = useId()
  if (!children && !custom.some((field) => field.filterable) && missable.length === 0) return null
  const count =
    active +
    Object.keys(customFilterQuery(params, custom)).length +
    Object.keys(missingQuery(params, missable)).length
  return (
    <Box mb="6">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal aria-hidden />
        {count > 0 ? `Filters (${count})` : 'Filters'}
        <Box as="span" aria-hidden transform={open ? 'rotate(180deg)' : undefined}>
          <ChevronDown />
        </Box>
      </Button>
      {/* Hidden, not unmounted: a half-typed filter is still there when the panel opens. */}
      <Box id={panelId} hidden={!open}>
        <Stack gap="3" mt="3">
          {children}
          <CustomFilterFields fields={custom} />
          <MissingFieldFilter fields={missable} />
        </Stack>
      </Box>
    </Box>
  )
}

interface SelectFilterProps {
  value: string
  onChange: (value: string) => void
}

interface TextFilterProps extends SelectFilterProps {
  label: string
  /** `search` (a search box), `tel` (a phone keyboard) or plain text (the default). */
  type?: 'search' | 'tel' | 'text'
  /** Why the text cannot be asked for, shown beside it (the list holds it back meanwhile). */
  error?: string
}

/** A labelled text filter, applied as typing pauses (use-filter-draft.ts). */
export function TextFilterField({ label, value, onChange, type = 'text', error }: TextFilterProps) {
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
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
