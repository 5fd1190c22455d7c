// A field's name in API error messages and CSV headers (issue 27, point 3), as the screens name
// it (src/forms/field-titles.ts): its `ui:title` in the ui schema's `common`, else the data
// schema's `title`. A built-in field keeps the messages' and headers' usual wording (a message
// names it by its key, a header is the column's own title) while it keeps the title it ships
// with (types/shipped-titles.ts); once an analyst gives it another, in either file, they say
// the new one: "Product Title (name) is required". A custom field has no wording of its own:
// a message names it by its title when it has one ("Weight (kg) must be >= 0"), else by its key;
// its export column is headed the same way (lib/custom-fields.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SHIPPED_TITLES } from '../../types/shipped-titles'
import {
  customFieldNames,
  ENTITY_COLUMNS,
  type EntityName,
  propertySchemas,
} from '../db/entity-columns'
import { loadUiSchema } from '../schemas'

export { SHIPPED_TITLES }

type Json = Record<string, unknown>

export interface FieldTitles {
  /** The field's name, if the schemas give one: `ui:title` in `common`, else `title`. */
  title(key: string): string | undefined
  /** The built-in field's new title when an analyst renamed it, else undefined. */
  renamed(key: string): string | undefined
  /** How an API message names the field: a renamed built-in field by its new title and its key,
   * a custom field by its title, any other by its key. */
  named(key: string): string
  /** Whether the field holds naira (its ui widget is "money"), so a message shows it as money. */
  money(key: string): boolean
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined

/** The titles of one entity's fields: its schema `$id`, data schema and ui schema (if any). */
export function fieldTitles(schemaId: string, document: Json, ui?: unknown): FieldTitles {
  const shipped: Readonly<Record<string, string>> =
    SHIPPED_TITLES[schemaId as keyof typeof SHIPPED_TITLES] ?? {}
  const common = isObject(ui) && isObject(ui.common) ? ui.common : {}
  const custom = new Set(
    Object.hasOwn(ENTITY_COLUMNS, schemaId)
      ? customFieldNames(schemaId as EntityName, document)
      : [],
  )
  const title = (key: string) => {
    const own = isObject(common[key]) ? text(common[key]['ui:title']) : undefined
    if (own) return own
    for (const schema of propertySchemas(document, key)) {
      const given = text(schema.title)
      if (given) return given
    }
    return undefined
  }
  const renamed = (key: string) => {
    const now = title(key)
    if (now === undefined || !Object.hasOwn(shipped, key)) return undefined
    return now === shipped[key] ? undefined : now
  }
  return {
    title,
    renamed,
    named(key) {
      if (custom.has(key)) return title(key) ?? key
      const name = renamed(key)
      return name === undefined ? key : `${name} (${key})`
    },
    money: (key) => isObject(common[key]) && common[key]['ui:widget'] === 'money',
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The field titles of the entity whose schema has this `$id` (see lib/field-titles.ts). */
    fieldTitles(schemaId: string): FieldTitles | undefined
  }
}

/** Lets every route read the field titles of the schemas registered with `app`, and of their
 * ui schemas in `schemasDir`. */
export function registerFieldTitles(app: FastifyInstance, schemasDir?: string): void {
  const cache = new Map<string, FieldTitles | undefined>()
  app.decorate('fieldTitles', (schemaId: string) => {
    if (!cache.has(schemaId)) {
      const document = app.getSchema(schemaId)
      const ui = isObject(document) ? loadUiSchema(schemaId, schemasDir) : undefined
      cache.set(schemaId, isObject(document) ? fieldTitles(schemaId, document, ui) : undefined)
    }
    return cache.get(schemaId)
  })
}

/** The field titles of the schema a request's body is checked against, if any. */
export function bodyTitles(request: FastifyRequest): FieldTitles | undefined {
  type Body = { $ref?: unknown; allOf?: Body[] }
  const body = request.routeOptions.schema?.body as Body | undefined
  // A route may extend a shared form (`allOf: [{ $ref }, ...]`, the login and its code).
  const shared = body?.$ref ?? body?.allOf?.[0]?.$ref
  const ref = typeof shared === 'string' ? shared : undefined
  if (!ref || typeof request.server.fieldTitles !== 'function') return undefined
  return request.server.fieldTitles(ref.split('#')[0])
}

/**
 * A column header with the field's new title when an analyst renamed it: the shipped title at
 * its start is replaced ("Price (₦)" → "Cost (₦)"), else the whole header.
 */
export function columnTitle(
  titles: FieldTitles | undefined,
  schemaId: string,
  field: string | undefined,
  usual: string,
): string {
  const renamed = field === undefined ? undefined : titles?.renamed(field)
  if (renamed === undefined || field === undefined) return usual
  const shipped = (SHIPPED_TITLES as Record<string, Record<string, string>>)[schemaId]?.[field]
  return shipped && usual.startsWith(shipped) ? `${renamed}${usual.slice(shipped.length)}` : renamed
}

/** An export's columns, each headed by its field's new title where an analyst renamed it. */
export function titledColumns<Column extends { title: string; field?: string }>(
  app: FastifyInstance,
  schemaId: string,
  columns: readonly Column[],
): Column[] {
  const titles = app.fieldTitles(schemaId)
  return columns.map((column) => ({
    ...column,
    title: columnTitle(titles, schemaId, column.field, column.title),
  }))
}
