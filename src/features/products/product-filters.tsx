// The products list's filters (category, name, status, min and max price): read from the URL
// query, edited as a draft, and written back to the URL by Apply.
import { Button, Field, Input, SimpleGrid } from '@chakra-ui/react'
import { CategoryFilterField, StatusFilterField } from '../../components/filter-fields'
import { useFilterDraft } from '../../components/use-filter-draft'
import { useCategoryChoices } from '../../lib/category-choices'
import { toTreeOptions } from '../../lib/category-tree'
import { type ProductQuery, productsApi } from './products-api'

const FILTERS = ['category', 'name', 'status', 'minPrice', 'maxPrice'] as const
export type Filters = Record<(typeof FILTERS)[number], string>

const isAmount = (text: string) => text.trim() !== '' && Number(text) >= 0

/** URL query → filters; anything a hand-edited link mangled means "no filter". */
export function readFilters(params: URLSearchParams): Filters & { page: number } {
  const text = (name: string) => params.get(name) ?? ''
  const status = text('status')
  const page = Number(params.get('page'))
  return {
    category: /^[1-9]\d*$/.test(text('category')) ? text('category') : '',
    name: text('name'),
    status: status === 'enabled' || status === 'disabled' ? status : 'all',
    minPrice: isAmount(text('minPrice')) ? text('minPrice') : '',
    maxPrice: isAmount(text('maxPrice')) ? text('maxPrice') : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

/** Filters → the API's query (GET /products). */
export function toQuery(filters: Filters & { page: number }): ProductQuery {
  return {
    categoryId: filters.category ? Number(filters.category) : undefined,
    name: filters.name || undefined,
    enabled: filters.status === 'all' ? undefined : filters.status === 'enabled',
    minPrice: filters.minPrice ? Number(filters.minPrice) : undefined,
    maxPrice: filters.maxPrice ? Number(filters.maxPrice) : undefined,
    page: filters.page,
  }
}

interface ProductFiltersProps {
  /** The filters the URL holds now. */
  filters: Filters
  /** Apply: the new URL query (page 1). */
  onApply: (query: URLSearchParams) => void
}

export function ProductFilters({ filters, onApply }: ProductFiltersProps) {
  const { draft, set, apply } = useFilterDraft({
    filters,
    names: FILTERS,
    defaults: { status: 'all' },
    onApply,
  })
  const choices = toTreeOptions(useCategoryChoices(productsApi.categories))

  return (
    <SimpleGrid
      as="form"
      role="search"
      columns={{ base: 1, md: 3, xl: 6 }}
      gap="3"
      mb="6"
      alignItems="end"
      onSubmit={apply}
    >
      <CategoryFilterField
        label="Category"
        value={draft.category}
        onChange={set('category')}
        choices={choices}
        leadingOptions={<option value="">All</option>}
      />
      <Field.Root>
        <Field.Label>Name</Field.Label>
        <Input type="search" value={draft.name} onChange={(e) => set('name')(e.target.value)} />
      </Field.Root>
      <StatusFilterField value={draft.status} onChange={set('status')} />
      <AmountField label="Min Price" value={draft.minPrice} onChange={set('minPrice')} />
      <AmountField label="Max Price" value={draft.maxPrice} onChange={set('maxPrice')} />
      <Button type="submit" colorPalette="teal">
        Apply
      </Button>
    </SimpleGrid>
  )
}

interface AmountFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
}

/** A naira amount: numeric, at least 0, kobo steps. */
function AmountField({ label, value, onChange }: AmountFieldProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field.Root>
  )
}
