import Ajv, { type Options } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify'

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
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>
type BuildValidator = NonNullable<
  NonNullable<SchemaController['compilersFactory']>['buildValidator']
>

// Fastify calls this with every schema added by `app.addSchema`, so `$ref: 'product-create#'`
// resolves in both instances.
function buildValidator(externalSchemas: Record<string, object>) {
  const bodyAjv = createAjv({ ...FASTIFY_DEFAULTS, coerceTypes: false }, externalSchemas)
  const textAjv = createAjv(FASTIFY_DEFAULTS, externalSchemas)
  const compile: FastifySchemaCompiler<object & { $id?: string }> = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv
    // Ajv refuses to compile the same $id twice; reuse the compiled one.
    return (schema.$id && ajv.getSchema(schema.$id)) || ajv.compile(schema)
  }
  return compile
}

export const schemaController: SchemaController = {
  // The published type describes a different call shape than Fastify actually uses
  // ({ schema, httpPart, ... }, as documented), hence the cast.
  compilersFactory: { buildValidator: buildValidator as unknown as BuildValidator },
}

function createAjv(options: Options, externalSchemas: Record<string, object>): Ajv {
  const ajv = new Ajv(options)
  addFormats(ajv)
  for (const schema of Object.values(externalSchemas)) {
    ajv.addSchema(schema)
  }
  return ajv
}
