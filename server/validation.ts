import Ajv, { type FuncKeywordDefinition, type Options, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import fastJsonStringify, { type Schema as JsonSchema } from 'fast-json-stringify'
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify'
import { DECLARED_ONLY } from './lib/query-schema'
import { RESPONSE_SCHEMA_IDS } from './lib/responses'
import { ERROR_MESSAGE_KEYWORD } from './schema-check/error-message'
import { LIST_OPTIONS_KEYWORD } from './schema-check/list-options'

// Fastify's default validator coerces types everywhere, so a body `{"password": 42}` or
// `{"price": "12"}` would silently pass as "42" / 12. Query strings and path parameters are
// text and do need coercion (`?page=2`), but a JSON body has real types and a wrong one is a
// client error (400). So: Fastify's own Ajv options, with coercion switched off for bodies.

const FASTIFY_DEFAULTS: Options = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
  // The schema files compare fields ("minPrice ≤ maxPrice") with $data, exactly as the web
  // app's precompiled validators do; kobo amounts need a tolerant multipleOf (0.29 / 0.01).
  $data: true,
  multipleOfPrecision: 6,
  // Errors carry their schema, so a failed $data comparison can name the field it read.
  verbose: true,
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>
type BuildValidator = NonNullable<
  NonNullable<SchemaController['compilersFactory']>['buildValidator']
>
type BuildSerializer = NonNullable<
  NonNullable<SchemaController['compilersFactory']>['buildSerializer']
>

type Schema = Record<string, unknown> & { $id?: string }

/**
 * The validator compiler routes use for JSON bodies, over the shared schemas (the files of
 * /schemas, by `$id`): Fastify's options without coercion. Exported so tests can check a body
 * against `{ $ref: 'product#/definitions/create' }` exactly as a route would.
 */
export function createBodyValidator(schemas: Record<string, object> | object[]) {
  return createCompiler({ ...FASTIFY_DEFAULTS, coerceTypes: false }, schemas)
}

// Compiling is most of an app's start-up (Ajv compiles its meta-schema, then each schema), and
// validators depend only on the schemas' text: apps over the same schema files (tests build
// hundreds; an analyst's edit rebuilds the app) share them. A few recent sets are kept.
const RECENT_SCHEMA_SETS = 4
const compilersBySchemas = new Map<string, FastifySchemaCompiler<Schema>>()

// Fastify calls this with every schema added by `app.addSchema`, so `$ref: 'product-create#'`
// resolves in both instances.
function buildValidator(externalSchemas: Record<string, object>) {
  const key = JSON.stringify(externalSchemas)
  const cached = compilersBySchemas.get(key)
  if (cached) return cached
  const compileBody = createBodyValidator(externalSchemas)
  const compileText = createCompiler(FASTIFY_DEFAULTS, externalSchemas)
  const compile: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) =>
    httpPart === 'body' ? compileBody(schema) : compileText(schema)
  compilersBySchemas.set(key, compile)
  if (compilersBySchemas.size > RECENT_SCHEMA_SETS) {
    const [oldest] = compilersBySchemas.keys()
    compilersBySchemas.delete(oldest)
  }
  return compile
}

function createCompiler(options: Options, schemas: Record<string, object> | object[]) {
  const ajv = createAjv(options, schemas)
  // Each app passes its routes' schemas as new objects: the same text reuses its validator
  // (Ajv's own cache is by object, and it refuses to compile the same $id twice).
  const compiled = new Map<string, ValidateFunction>()
  return (schema: Schema): ValidateFunction => {
    const key = JSON.stringify(schema)
    let validate = compiled.get(key)
    if (!validate) {
      validate = (schema.$id && ajv.getSchema(schema.$id)) || ajv.compile(schema)
      compiled.set(key, validate)
    }
    return validate
  }
}

/**
 * Answers are serialised through their response schemas (lib/responses.ts), which refer only
 * to the response schemas: the request schemas of schemas/ (with `$data` bounds a serialiser
 * refuses) are left out of the serialiser's shared schemas.
 */
function buildSerializer(externalSchemas: Record<string, JsonSchema>, options: object) {
  const shared = Object.fromEntries(
    Object.entries(externalSchemas).filter(([id]) => RESPONSE_SCHEMA_IDS.has(id)),
  )
  return ({ schema }: { schema: object }) =>
    fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0], {
      ...options,
      schema: shared,
    })
}

export const schemaController: SchemaController = {
  // The published types describe other call shapes than Fastify actually uses
  // ({ schema, httpPart, ... } and { schema, method, url, httpStatus }, as documented), hence
  // the casts.
  compilersFactory: {
    buildValidator: buildValidator as unknown as BuildValidator,
    buildSerializer: buildSerializer as unknown as BuildSerializer,
  },
}

function createAjv(options: Options, schemas: Record<string, object> | object[]): Ajv {
  const ajv = new Ajv(options)
  addFormats(ajv)
  // The query parameters' schemas (server/lib/query-schema.ts): the 400 text of each rule, and
  // an upper bound on the number a numeric text spells (other texts are left to `pattern`).
  ajv.addKeyword({ keyword: 'x-detail', metaSchema: { type: 'object' } })
  // A pattern's own message in the schema files (read by errors.ts).
  ajv.addKeyword(ERROR_MESSAGE_KEYWORD)
  // A custom field's list options in the schema files (lists/custom-list.ts).
  ajv.addKeyword(LIST_OPTIONS_KEYWORD)
  ajv.addKeyword(declaredOnlyKeyword)
  ajv.addKeyword({
    keyword: 'x-maximum',
    type: 'string',
    schemaType: 'number',
    validate: (maximum: number, data: string) =>
      !/^\d+(\.\d*)?$/.test(data) || Number(data) <= maximum,
  })
  for (const schema of Object.values(schemas)) {
    ajv.addSchema(schema)
  }
  return ajv
}

/** `x-declared-only` (lib/query-schema.ts): the first property the object's schema does not
 * declare fails, named in the error's params (errors.ts words it). */
const declaredOnlyKeyword: FuncKeywordDefinition = {
  keyword: DECLARED_ONLY,
  type: 'object',
  schemaType: 'boolean',
  errors: true,
  validate: function declared(
    on: boolean,
    data: Record<string, unknown>,
    parentSchema?: { properties?: Record<string, unknown> },
  ) {
    if (!on) return true
    const properties = parentSchema?.properties ?? {}
    const unknown = Object.keys(data).find((name) => !Object.hasOwn(properties, name))
    if (unknown === undefined) return true
    ;(declared as { errors?: unknown[] }).errors = [
      {
        keyword: DECLARED_ONLY,
        instancePath: '',
        schemaPath: `#/${DECLARED_ONLY}`,
        params: { parameter: unknown },
        message: `${unknown} is not a filter of this list`,
      },
    ]
    return false
  } as FuncKeywordDefinition['validate'],
}
