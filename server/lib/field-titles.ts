// A field's name in API error messages and CSV headers (issue 27, point 3): the data schema's
// `title` (the server reads no ui schema: a `ui:title` renames the field on the screens only).
// Messages and headers keep their usual wording (a message names the field by its key, a header
// is the column's own title) while a built-in field keeps the title it ships with; once an
// analyst gives it another, they say the new title. A custom field ships with no title to
// compare with, so messages keep naming it by its key (its export column is headed by its
// title, as lib/custom-fields.ts heads it).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { formProperties } from '../db/entity-columns'

type Json = Record<string, unknown>

/**
 * The titles the built-in fields ship with, by schema id: the web app keeps the same list
 * (src/forms/shipped-titles.ts; server/ and src/ never import each other), and
 * tests/build/field-titles.test.ts checks that both match schemas/.
 */
export const SHIPPED_TITLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'service-provider-category': { name: 'Name', description: 'Description', parentId: 'Parent ID' },
  'product-category': { name: 'Name', description: 'Description', parentCategoryId: 'Parent ID' },
  'service-provider': {
    firstName: 'First Name',
    lastName: 'Last Name',
    brandName: 'Brand Name',
    email: 'Email',
    phoneNumber: 'Phone Number',
    state: 'State',
    city: 'City',
    addressLine1: 'Address Line 1',
    addressLine2: 'Address Line 2',
    about: 'About',
    enabled: 'Enabled',
    serviceProviderCategoryIds: 'Service Categories',
  },
  product: {
    name: 'Name',
    description: 'Description',
    estimatedDeliveryDays: 'Estimated Delivery Days',
    pricing: 'Pricing Type',
    price: 'Price',
    minPrice: 'Min Price',
    maxPrice: 'Max Price',
    productCategoryIds: 'Categories',
    enabled: 'Enabled',
    rating: 'Rating',
    noOfRatings: 'Number of Ratings',
    serviceProviderId: 'Service Provider',
  },
  'product-image': {
    image: 'Image',
    imageName: 'Image Name',
    imageDescription: 'Description',
    enabled: 'Enabled',
  },
}

export interface FieldTitles {
  /** The field's `title`, if it has one. */
  title(key: string): string | undefined
  /** The field's new title when an analyst renamed it, else undefined. */
  renamed(key: string): string | undefined
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined

/** A property's `title` in either form (its local `$ref`s followed). */
function dataTitle(document: Json, key: string): string | undefined {
  for (const form of ['create', 'update'] as const) {
    let schema: unknown = formProperties(document, form).get(key)
    for (let depth = 0; depth < 10 && isObject(schema); depth += 1) {
      const title = text(schema.title)
      if (title) return title
      const ref = schema.$ref
      if (typeof ref !== 'string' || !ref.startsWith('#/')) break
      schema = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, part) => (isObject(at) ? at[part] : undefined), document)
    }
  }
  return undefined
}

/** The titles of one entity's fields (its schema `$id` and document). */
export function fieldTitles(schemaId: string, document: Json): FieldTitles {
  const shipped = SHIPPED_TITLES[schemaId] ?? {}
  const title = (key: string) => dataTitle(document, key)
  return {
    title,
    renamed(key) {
      const now = title(key)
      if (now === undefined || !Object.hasOwn(shipped, key)) return undefined
      return now === shipped[key] ? undefined : now
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The field titles of the entity whose schema has this `$id` (see lib/field-titles.ts). */
    fieldTitles(schemaId: string): FieldTitles | undefined
  }
}

/** Lets every route read the field titles of the schemas registered with `app`. */
export function registerFieldTitles(app: FastifyInstance): void {
  const cache = new Map<string, FieldTitles | undefined>()
  app.decorate('fieldTitles', (schemaId: string) => {
    if (!cache.has(schemaId)) {
      const document = app.getSchema(schemaId)
      cache.set(schemaId, isObject(document) ? fieldTitles(schemaId, document) : undefined)
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
  const shipped = SHIPPED_TITLES[schemaId]?.[field]
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
