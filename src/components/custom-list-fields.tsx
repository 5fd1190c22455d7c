// Custom fields in lists (issue 27, point 4): a custom field whose data schema marks it
// (`"ui:options": { "sortable": true, "filterable": true }`, docs/analysts.md) is a sort of the
// list (a sortable table column and the sort picker's choices) and a filter (a drop-down for an
// enum or yes/no, a text box for text and numbers), as the API offers it
// (server/lists/custom-list.ts). Filters live in the URL under the field's name, beside the
// list's own, and apply as they change (text once typing pauses).
import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { CustomField } from '../forms/custom-fields'
import type { Column } from './data-table'
import { TYPING_PAUSE_MS } from './use-filter-draft'
import type { SortFields } from './use-list-params'

export type ListedKind = 'text' | 'enum' | 'number' | 'boolean'

export interface ListedField extends CustomField {
  kind: ListedKind
  sortable: boolean
  filterable: boolean
}

const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

function kindOf(schema: Record<string, unknown>): ListedKind | undefined {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) {
    return 'enum'
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type) => type !== 'null',
  )
  if (types.length !== 1) return undefined
  if (types[0] === 'string') return 'text'
  if (types[0] === 'boolean') return 'boolean'
  if (types[0] === 'number' || types[0] === 'integer') return 'number'
  return undefined
}

/** The custom fields marked sortable or filterable; `reserved`: names the list already uses. */
export function listedFields(
  fields: readonly CustomField[],
  reserved: readonly string[] = [],
): ListedField[] {
  const listed: ListedField[] = []
  for (const field of fields) {
    const options = field.schema['ui:options'] as Record<string, unknown> | undefined
    const sortable = options?.sortable === true
    const filterable = options?.filterable === true
    const kind = kindOf(field.schema)
    if (!kind || !(sortable || filterable) || !SAFE_NAME.test(field.name)) continue
    if (reserved.includes(field.name)) continue
    listed.push({ ...field, kind, sortable, filterable })
  }
  return listed
}

/** The list's sorts, then the sortable custom fields, worded by their title. */
export function withCustomSorts(sorts: SortFields, fields: readonly ListedField[]): SortFields {
  const all = { ...sorts }
  for (const { name, title, kind, sortable } of fields) {
    if (!sortable || Object.hasOwn(all, name)) continue
    all[name] =
      kind === 'number'
        ? { order: 'asc', asc: `${title} (low to high)`, desc: `${title} (high to low)` }
        : kind === 'boolean'
          ? { order: 'asc', asc: `${title} (No first)`, desc: `${title} (Yes first)` }
          : { order: 'asc', asc: `${title} (A–Z)`, desc: `${title} (Z–A)` }
  }
  return all
}

/** A custom field's value as a table cell shows it. */
function cellText(field: ListedField, value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return field.labels.get(value) ?? String(value)
}

/** One table column per listed custom field (sortable where marked), after the list's own.
 * `read`: where a row keeps a custom field's value (by default at its top level). */
export function customColumns<T>(
  fields: readonly ListedField[],
  read: (row: T, name: string) => unknown = (row, name) => (row as Record<string, unknown>)[name],
): Column<T>[] {
  return fields.map((field) => ({
    header: field.title,
    width: '10rem',
    ...(field.sortable ? { sort: field.name } : {}),
    text: (row: T) => cellText(field, read(row, field.name)),
  }))
}

/** The names of the filterable ones: Clear filters clears them with the list's own
 * (components/use-filter-draft.ts `others`). */
export function customFilterNames(fields: readonly ListedField[]): string[] {
  return fields.filter((field) => field.filterable).map((field) => field.name)
}

/** The custom filters the URL holds, as the API takes them (a mangled value: no filter). */
export function customFilterQuery(
  params: URLSearchParams,
  fields: readonly ListedField[],
): Record<string, string> {
  const query: Record<string, string> = {}
  for (const field of fields) {
    const value = params.get(field.name)?.trim()
    if (!field.filterable || !value) continue
    if (field.kind === 'enum' && !(field.schema.enum as string[]).includes(value)) continue
    if (field.kind === 'boolean' && value !== 'true' && value !== 'false') continue
    if (field.kind === 'number' && !/^-?\d{1,15}(\.\d{1,15})?$/.test(value)) continue
    query[field.name] = value
  }
  return query
}

/** The filterable custom fields' inputs; each change goes to the URL (back to page 1). */
export function CustomFilterFields({ fields }: { fields: readonly ListedField[] }) {
  const filterable = fields.filter((field) => field.filterable)
  if (filterable.length === 0) return null
  return (
    <SimpleGrid
      role="group"
      aria-label="Custom field filters"
      templateColumns={{
        base: '1fr',
        md: 'repeat(3, minmax(0, 1fr))',
        xl: 'repeat(5, minmax(0, 1fr))',
      }}
      gap="3"
    >
      {filterable.map((field) => (
        <CustomFilter key={field.name} field={field} />
      ))}
    </SimpleGrid>
  )
}

function CustomFilter({ field }: { field: ListedField }) {
  const [params, setParams] = useSearchParams()
  const current = params.get(field.name) ?? ''
  const [draft, setDraft] = useState(current)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Back/forward, shared links and Clear filters change the URL: show the filter it holds (a
  // text still waiting for a pause in typing is dropped).
  useEffect(() => {
    clearTimeout(timer.current)
    setDraft(current)
  }, [current])
  useEffect(() => () => clearTimeout(timer.current), [])

  const apply = (value: string) => {
    setParams((previous) => {
      const next = new URLSearchParams(previous)
      next.delete('page')
      if (value.trim()) next.set(field.name, value.trim())
      else next.delete(field.name)
      return next
    })
  }

  if (field.kind === 'enum' || field.kind === 'boolean') {
    const options =
      field.kind === 'boolean'
        ? [
            ['true', 'Yes'],
            ['false', 'No'],
          ]
        : (field.schema.enum as string[]).map((value) => [value, field.labels.get(value) ?? value])
    return (
      <Field.Root>
        <Field.Label>{field.title}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={current} onChange={(e) => apply(e.target.value)}>
            <option value="">All</option>
            {options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    )
  }
  return (
    <Field.Root>
      <Field.Label>{field.title}</Field.Label>
      <Input
        type={field.kind === 'number' ? 'number' : 'search'}
        value={draft}
        onChange={(e) => {
          const value = e.target.value
          setDraft(value)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => apply(value), TYPING_PAUSE_MS)
        }}
      />
    </Field.Root>
  )
}

/** The parameter listing the records that lack a required custom field (`?missing=condition`,
 * server/lists/custom-list.ts): the dashboard's queues link to it. */
export const MISSING_PARAM = 'missing'

/** The custom fields a form requires, which records made before may lack. */
export function missableFields(fields: readonly CustomField[]): CustomField[] {
  return fields.filter((field) => field.required)
}

/** The `missing` filter the URL holds, as the API takes it (a field no form requires: none). */
export function missingQuery(
  params: URLSearchParams,
  missable: readonly CustomField[],
): { missing?: string } {
  const name = params.get(MISSING_PARAM)
  return missable.some((field) => field.name === name) ? { missing: name as string } : {}
}

/** "Missing field": the records lacking one of the required custom fields; applies at once. */
export function MissingFieldFilter({ fields }: { fields: readonly CustomField[] }) {
  const [params, setParams] = useSearchParams()
  if (fields.length === 0) return null
  const current = missingQuery(params, fields).missing ?? ''
  const apply = (value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous)
      next.delete('page')
      if (value) next.set(MISSING_PARAM, value)
      else next.delete(MISSING_PARAM)
      return next
    })
  return (
    <Field.Root maxW={{ md: '20rem' }}>
      <Field.Label>Missing field</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={current} onChange={(e) => apply(e.target.value)}>
          <option value="">None</option>
          {fields.map((field) => (
            <option key={field.name} value={field.name}>
              {field.title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}
