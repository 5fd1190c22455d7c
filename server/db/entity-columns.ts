// Which property of each entity's form schema lands in which database column, and what that
// column accepts on both databases (type, NOT NULL, CHECK values and bounds, length). A property
// an analyst adds with no entry here is a custom field: it is stored in the entity's JSON
// `attributes` column (migration 008). `npm run check:schemas` compares the schema files with
// this map, so an edit the columns would refuse (a new enum option, a larger maximum) is
// reported before it can reach the database. Written by hand, beside the migrations: when a
// migration changes a column, its entry here changes in the same commit.

/**
 * How a column stores a schema value:
 * - text: a string; integer: 32-bit on PostgreSQL; bigint: 64-bit (with `scale`, money);
 * - double: a double precision number; flag: a boolean stored as 0/1;
 * - ids: an array of ids stored as rows of a link table; image: base64 bytes re-encoded.
 */
export type ColumnKind = 'text' | 'integer' | 'bigint' | 'double' | 'flag' | 'ids' | 'image'

export interface ColumnSpec {
  /** Table and column (snake_case, as in the migrations). For `ids`: the link table's column. */
  table: string
  column: string
  kind: ColumnKind
  /** The column accepts null (the property may be null or left out). */
  nullable: boolean
  /** Not nullable, yet the property may be left out: the server fills the column in. */
  optional?: boolean
  /** Set once by the create form; the update form does not carry it (it never changes). */
  createOnly?: boolean
  /** A CHECK (column in (...)): the only values accepted. */
  enum?: readonly string[]
  /** Inclusive bounds the column accepts, in the schema's units (naira for money). */
  minimum?: number
  maximum?: number
  /** The longest text accepted; absent means no limit (both databases' `text`). */
  maxLength?: number
  /** The schema value is multiplied by this before it is stored (naira → whole kobo). */
  scale?: number
  /** A foreign key: the value must be an id of this table. */
  references?: string
}

export type EntityName =
  | 'service-provider-category'
  | 'product-category'
  | 'service-provider'
  | 'product'
  | 'product-image'

export interface EntityColumns {
  /** The schema file's `$id` (also the file name in schemas/). */
  schemaId: EntityName
  table: string
  /** Where custom fields live: a JSON object (text on SQLite, jsonb on PostgreSQL). */
  attributesColumn: 'attributes'
  /** Schema property → column. Properties not listed here are custom fields. */
  columns: Record<string, ColumnSpec>
}

/** PostgreSQL `integer` (SQLite's is 64-bit: the narrower one decides). */
const INT32 = { minimum: -2147483648, maximum: 2147483647 }
/** bigint values must also stay exact in JavaScript numbers. */
const SAFE_BIGINT = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }

type Spec = Omit<ColumnSpec, 'table'>
const text = (column: string, nullable = false): Spec => ({ column, kind: 'text', nullable })
const flag = (column: string): Spec => ({ column, kind: 'flag', nullable: false, optional: true })

function entity(
  schemaId: EntityName,
  table: string,
  columns: Record<string, Spec & { table?: string }>,
): EntityColumns {
  const specs: Record<string, ColumnSpec> = {}
  for (const [property, spec] of Object.entries(columns)) specs[property] = { table, ...spec }
  return { schemaId, table, attributesColumn: 'attributes', columns: specs }
}

function category(schemaId: EntityName, table: string, parentField: string) {
  return entity(schemaId, table, {
    name: text('name'),
    description: text('description'),
    [parentField]: {
      column: 'parent_id',
      kind: 'integer',
      nullable: true,
      ...INT32,
      references: table,
    },
  })
}

const money = (column: string): Spec => ({
  column,
  kind: 'bigint',
  nullable: true,
  scale: 100,
  minimum: 0, // CHECK (column >= 0)
  maximum: SAFE_BIGINT.maximum / 100,
})

export const ENTITY_COLUMNS: Record<EntityName, EntityColumns> = {
  'service-provider-category': category(
    'service-provider-category',
    'service_provider_categories',
    'parentId',
  ),
  'product-category': category('product-category', 'product_categories', 'parentCategoryId'),
  'service-provider': entity('service-provider', 'service_providers', {
    firstName: text('first_name'),
    lastName: text('last_name'),
    brandName: text('brand_name'),
    // Also stored trimmed and lower-cased in email_key, whose unique index refuses duplicates.
    email: { ...text('email'), createOnly: true },
    phoneNumber: text('phone_number'),
    state: text('state'),
    city: text('city'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2', true),
    about: text('about'),
    enabled: flag('enabled'),
    serviceProviderCategoryIds: {
      table: 'service_provider_category_links',
      column: 'category_id',
      kind: 'ids',
      nullable: false,
      optional: true,
      ...INT32,
      references: 'service_provider_categories',
    },
  }),
  product: entity('product', 'products', {
    name: text('name'),
    description: text('description'),
    estimatedDeliveryDays: {
      column: 'estimated_delivery_days',
      kind: 'integer',
      nullable: false,
      optional: true,
      ...INT32,
      minimum: 1, // CHECK (estimated_delivery_days >= 1)
    },
    pricing: { column: 'pricing', kind: 'text', nullable: false, enum: ['Fixed', 'Range'] },
    price: money('price_kobo'),
    minPrice: money('min_price_kobo'),
    maxPrice: money('max_price_kobo'),
    productCategoryIds: {
      table: 'product_category_links',
      column: 'category_id',
      kind: 'ids',
      nullable: false,
      optional: true,
      ...INT32,
      references: 'product_categories',
    },
    enabled: flag('enabled'),
    rating: {
      column: 'rating',
      kind: 'double',
      nullable: false,
      optional: true,
      minimum: 0,
      maximum: 5, // CHECK (rating >= 0 and rating <= 5)
    },
    noOfRatings: {
      column: 'no_of_ratings',
      kind: 'integer',
      nullable: false,
      optional: true,
      ...INT32,
      minimum: 0, // CHECK (no_of_ratings >= 0)
    },
    serviceProviderId: {
      column: 'service_provider_id',
      kind: 'integer',
      nullable: false,
      createOnly: true,
      ...INT32,
      references: 'service_providers',
    },
  }),
  'product-image': entity('product-image', 'product_images', {
    image: { column: 'bytes', kind: 'image', nullable: false, createOnly: true },
    imageName: text('image_name'),
    imageDescription: text('image_description', true),
    enabled: flag('enabled'),
  }),
}

/** The property of `entity` whose column is `column` (to name the field of a DB error). */
export function propertyOfColumn(entity: EntityName, column: string): string | undefined {
  const entry = Object.entries(ENTITY_COLUMNS[entity].columns).find(
    ([, spec]) => spec.column === column,
  )
  return entry?.[0]
}

// ---- Custom fields: reading the schema files --------------------------------------------------

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The properties a form of a schema file declares (top level, `allOf`, `if`/`then`/`else`). */
export function formProperties(document: Json, form: 'create' | 'update'): Map<string, Json> {
  const found = new Map<string, Json>()
  const resolve = (node: unknown, depth: number): void => {
    if (!isObject(node) || depth > 20) return
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
      const target = node.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document)
      resolve(target, depth + 1)
    }
    if (isObject(node.properties)) {
      for (const [name, schema] of Object.entries(node.properties)) {
        if (!found.has(name) && isObject(schema)) found.set(name, schema)
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = node[key]
      if (Array.isArray(list)) for (const item of list) resolve(item, depth + 1)
    }
    resolve(node.then, depth + 1)
    resolve(node.else, depth + 1)
  }
  const definitions = isObject(document.definitions) ? document.definitions : {}
  resolve(definitions[form], 0)
  return found
}

/**
 * A property's schemas, nearer first: in each form (create, then update), the property as the
 * form writes it and each schema its local `$ref`s lead to. Where a keyword (a `title`, the
 * `ui:options` of lists) is read from: the first that has it wins.
 */
export function propertySchemas(document: Json, name: string): Json[] {
  const chain: Json[] = []
  for (const form of ['create', 'update'] as const) {
    let schema: unknown = formProperties(document, form).get(name)
    for (let depth = 0; depth < 10 && isObject(schema); depth += 1) {
      chain.push(schema)
      const ref = schema.$ref
      if (typeof ref !== 'string' || !ref.startsWith('#/')) break
      schema = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document)
    }
  }
  return chain
}

/** The names of the custom fields a form declares: its properties that have no column. */
export function customFieldNames(
  entity: EntityName,
  document: Json,
  forms: Array<'create' | 'update'> = ['create', 'update'],
): string[] {
  const { columns } = ENTITY_COLUMNS[entity]
  const names = new Set<string>()
  for (const form of forms) {
    for (const name of formProperties(document, form).keys()) {
      if (!Object.hasOwn(columns, name)) names.add(name)
    }
  }
  return [...names]
}

/**
 * Splits a validated body: `columns` holds what the entity's columns store (read by the
 * entity's own code), `attributes` the custom fields the form declares. Anything else in the
 * body (a property no schema names) is left out of both.
 */
export function splitBody(
  entity: EntityName,
  document: Json,
  form: 'create' | 'update',
  body: Json,
): { columns: Json; attributes: Json } {
  const custom = new Set(customFieldNames(entity, document, [form]))
  const columns: Json = {}
  const attributes: Json = {}
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue
    if (custom.has(name)) attributes[name] = value
    else if (Object.hasOwn(ENTITY_COLUMNS[entity].columns, name)) columns[name] = value
  }
  return { columns, attributes }
}
