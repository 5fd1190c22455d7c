// The product lists' filters (category, name, status, min and max price, preview image), on every
// product and on a provider's products alike, in the list's filter panel with its custom filters
// and "Missing field": read from the URL query and applied live (use-filter-draft.ts);
// a minimum above the maximum is flagged beside Min Price, as the product form does, and not
// asked for.
import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react'
import {
  customFilterNames,
  type ListedField,
  MISSING_PARAM,
} from '../../components/custom-list-fields'
import {
  CategoryFilterField,
  FilterActions,
  FilterPanel,
  StatusFilterField,
  TextFilterField,
} from '../../components/filter-fields'
import { useFilterDraft } from '../../components/use-filter-draft'
import type { CustomField } from '../../forms/custom-fields'
import { boundByFieldText } from '../../forms/plain-errors'
import { formatNaira } from '../../lib/format'
import { type ProductQuery, productsApi } from './products-api'

export const FILTERS = ['category', 'name', 'status', 'minPrice', 'maxPrice', 'preview'] as const
export type Filters = Record<(typeof FILTERS)[number], string>

const isAmount = (text: string) => text.trim() !== '' && Number(text) >= 0

/** URL query → filters; anything a hand-edited link mangled means "no filter". */
export function readFilters(params: URLSearchParams): Filters {
  const text = (name: string) => params.get(name) ?? ''
  const status = text('status')
  const preview = text('preview')
  return {
    category: /^[1-9]\d*$/.test(text('category')) ? text('category') : '',
    name: text('name'),
    status: status === 'enabled' || status === 'disabled' ? status : 'all',
    minPrice: isAmount(text('minPrice')) ? text('minPrice') : '',
    maxPrice: isAmount(text('maxPrice')) ? text('maxPrice') : '',
    preview: preview === 'with' || preview === 'without' ? preview : 'all',
  }
}

/** Filters → the API's query (GET /products, /service-providers/:id/products); the page and sort
 * come from useListParams. */
export function toQuery(filters: Filters): ProductQuery {
  return {
    categoryId: filters.category ? Number(filters.category) : undefined,
    name: filters.name || undefined,
    enabled: filters.status === 'all' ? undefined : filters.status === 'enabled',
    minPrice: filters.minPrice ? Number(filters.minPrice) : undefined,
    maxPrice: filters.maxPrice ? Number(filters.maxPrice) : undefined,
    hasPreviewImage: filters.preview === 'all' ? undefined : filters.preview === 'with',
  }
}

/** The product form's words for a minimum above the maximum, or undefined when they agree. */
export function priceBoundsError({ minPrice, maxPrice }: Filters): string | undefined {
  if (!isAmount(minPrice) || !isAmount(maxPrice)) return undefined
  if (Number(minPrice) <= Number(maxPrice)) return undefined
  return boundByFieldText('Min Price', 'maximum', 'Max Price', formatNaira(Number(maxPrice)))
}

/** The filters the URL holds now, in the list's filter panel; changes go to the URL as they are
 * made. `custom`: the list's marked custom fields, whose filters Clear filters clears too, as it
 * clears "Missing field" (`missable`: the custom fields a form requires). */
export function ProductFilters({
  filters,
  custom,
  missable,
}: {
  filters: Filters
  custom: readonly ListedField[]
  missable: readonly CustomField[]
}) {
  const { draft, set, apply, clear, filtered, active } = useFilterDraft({
    filters,
    others: [...customFilterNames(custom), MISSING_PARAM],
    names: FILTERS,
    typed: ['name', 'minPrice', 'maxPrice'],
    defaults: { status: 'all', preview: 'all' },
    isValid: (values) => priceBoundsError(values) === undefined,
  })
  const boundsError = priceBoundsError(draft)

  return (
    <FilterPanel active={active} custom={custom} missable={missable}>
      <SimpleGrid
        as="form"
        role="search"
        // The last column fits Apply and Clear filters side by side.
        templateColumns={{
          base: '1fr',
          md: 'repeat(3, minmax(0, 1fr))',
          xl: 'repeat(6, minmax(0, 1fr)) auto',
        }}
        gap="3"
        alignItems="end"
        onSubmit={apply}
      >
        <CategoryFilterField
          label="Category"
          value={draft.category}
          onChange={set('category')}
          source={productsApi.categories}
          allLabel="All"
        />
        <TextFilterField label="Name" type="search" value={draft.name} onChange={set('name')} />
        <StatusFilterField value={draft.status} onChange={set('status')} />
        <AmountField
          label="Min Price"
          value={draft.minPrice}
          onChange={set('minPrice')}
          error={boundsError}
        />
        <AmountField label="Max Price" value={draft.maxPrice} onChange={set('maxPrice')} />
        <PreviewFilterField value={draft.preview} onChange={set('preview')} />
        <FilterActions filtered={filtered} onClear={clear} />
      </SimpleGrid>
    </FilterPanel>
  )
}

interface AmountFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
}

/** A naira amount: numeric, at least 0, kobo steps. */
function AmountField({ label, value, onChange, error }: AmountFieldProps) {
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}

/** Whether products have a preview image: the dashboard's queue lists those without one. */
function PreviewFilterField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>Preview image</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="all">All</option>
          <option value="with">With</option>
          <option value="without">Without</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}
