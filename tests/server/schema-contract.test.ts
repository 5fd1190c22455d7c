import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type RJSFSchema, retrieveSchema } from '@rjsf/utils'
import { createPrecompiledValidator } from '@rjsf/validator-ajv8'
import Ajv from 'ajv'
import type { FastifyError, FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { compileFormValidators } from '../../scripts/form-validators-plugin'
import {
  productCategories,
  serviceProviderCategories,
} from '../../server/categories/category-kinds'
import { validationDetail } from '../../server/errors'
import { DEFAULT_SCHEMAS_DIR, loadSchemas } from '../../server/schemas'
import { createBodyValidator } from '../../server/validation'
import {
  type FormName,
  formSchema,
  formUiSchema,
  type SchemaDocument,
} from '../../src/forms/form-schema'
import { describeEachDatabase } from './support/databases'

// The files in /schemas are the one contract between the operators' forms and the API. These
// tests hold them to the specification's field names (§7) and check that every rule gives the
// same verdict in the browser (the validators precompiled at build time) and on the server
// (the Ajv the routes use), including after an analyst edits a file.

type Json = Record<string, unknown>
type ValidatorFunctions = Parameters<typeof createPrecompiledValidator>[0]

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const SCHEMAS_DIR = DEFAULT_SCHEMAS_DIR
// The generated validators import `ajv/dist/runtime/...`: they must live inside the repository
// to resolve it from its node_modules.
const GENERATED_ROOT = path.join(REPO, 'tests/server/.generated')

const schemaFiles = readdirSync(SCHEMAS_DIR)
  .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
  .sort()
const uiFiles = readdirSync(SCHEMAS_DIR)
  .filter((file) => file.endsWith('.ui.json'))
  .sort()

function readJson<T = Json>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

function readDoc(entity: string, dir = SCHEMAS_DIR): SchemaDocument {
  return readJson<SchemaDocument>(path.join(dir, `${entity}.json`))
}

// ---------------------------------------------------------------------------------------------
// The API contract of the specification (§7): the body fields of each form.

const SERVICE_PROVIDER_FIELDS = [
  'firstName',
  'lastName',
  'brandName',
  'email',
  'phoneNumber',
  'state',
  'city',
  'addressLine1',
  'addressLine2',
  'about',
  'enabled',
  'serviceProviderCategoryIds',
]
const PRODUCT_FIELDS = [
  'name',
  'description',
  'pricing',
  'minPrice',
  'maxPrice',
  'price',
  'productCategoryIds',
  'serviceProviderId',
  'estimatedDeliveryDays',
  'enabled',
]
const PRICE_FIELDS = ['minPrice', 'maxPrice', 'price']

const CONTRACT: Record<string, Partial<Record<FormName, string[]>>> = {
  login: { create: ['username', 'password'] },
  'service-provider-category': {
    create: ['name', 'description', 'parentId'],
    update: ['name', 'description', 'parentId'],
  },
  'product-category': {
    create: ['name', 'description', 'parentCategoryId'],
    update: ['name', 'description', 'parentCategoryId'],
  },
  'service-provider': {
    create: SERVICE_PROVIDER_FIELDS,
    update: SERVICE_PROVIDER_FIELDS.filter((field) => field !== 'email'),
  },
  product: {
    create: PRODUCT_FIELDS,
    update: [
      ...PRODUCT_FIELDS.filter((field) => field !== 'serviceProviderId'),
      'rating',
      'noOfRatings',
    ],
  },
  'product-image': {
    create: ['image', 'imageName', 'imageDescription', 'enabled'],
    update: ['imageName', 'imageDescription', 'enabled'],
  },
}

/** Follows local `#/definitions/...` references to the schema they name. */
function resolveLocal(doc: SchemaDocument, schema: RJSFSchema): RJSFSchema {
  let current = schema
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops += 1) {
    const match = /^#\/definitions\/([^/]+)$/.exec(current.$ref)
    if (!match) throw new Error(`Unexpected $ref ${current.$ref}`)
    const target = doc.definitions[match[1]]
    if (!target) throw new Error(`Dangling $ref ${current.$ref}`)
    current = target
  }
  return current
}

/** A form's own properties and those its conditionals (allOf → if/then/else) add. */
function formFields(doc: SchemaDocument, form: FormName) {
  const root = resolveLocal(doc, { $ref: `#/definitions/${form}` })
  const direct = Object.keys(root.properties ?? {})
  const conditional = new Set<string>()
  const collect = (schema: unknown) => {
    if (typeof schema !== 'object' || schema === null) return
    const resolved = resolveLocal(doc, schema as RJSFSchema)
    for (const key of Object.keys(resolved.properties ?? {})) conditional.add(key)
    for (const part of resolved.allOf ?? []) collect(part)
    collect(resolved.then)
    collect(resolved.else)
  }
  for (const part of root.allOf ?? []) collect(part)
  for (const key of direct) conditional.delete(key)
  return { direct, conditional: [...conditional], all: [...direct, ...conditional] }
}

function formsOf(doc: SchemaDocument): FormName[] {
  return (['create', 'update'] as const).filter((form) => form in doc.definitions)
}

// ---------------------------------------------------------------------------------------------
// The two validators under test.

/** The server's verdict: undefined when valid, else the 400 `detail` a route would send. */
type Verdict = string | undefined

let compileServerBody: ReturnType<typeof createBodyValidator> | undefined

function serverValidator(entity: string, form: FormName): (data: unknown) => Verdict {
  compileServerBody ??= createBodyValidator(loadSchemas(SCHEMAS_DIR))
  const validate = compileServerBody({ $ref: `${entity}#/definitions/${form}` })
  return (data) => {
    // Like a route's, this validator fills in defaults (it mutates the body): give it a copy.
    if (validate(structuredClone(data))) return undefined
    return validationDetail({
      validation: validate.errors,
      validationContext: 'body',
    } as unknown as FastifyError)
  }
}

let generatedDir: string | undefined
let generatedCount = 0

/**
 * The browser's validator: the module the Vite plugin serves for
 * `virtual:form-validator/<entity>.<form>`, loaded and wrapped exactly as the forms do.
 */
async function loadBrowserValidator(entity: string, form: FormName, dir = SCHEMAS_DIR) {
  if (!generatedDir) {
    mkdirSync(GENERATED_ROOT, { recursive: true })
    generatedDir = mkdtempSync(path.join(GENERATED_ROOT, 'validators-'))
  }
  generatedCount += 1
  const file = path.join(generatedDir, `${entity}.${form}.${generatedCount}.mjs`)
  writeFileSync(file, compileFormValidators(dir, entity, form))
  const module = (await import(/* @vite-ignore */ file)) as { default: ValidatorFunctions }
  const schema = formSchema(readDoc(entity, dir), form)
  return { schema, validator: createPrecompiledValidator(module.default, schema) }
}

/** The browser's verdict: the field names of the RJSF errors (empty when valid). */
async function browserValidator(entity: string, form: FormName, dir = SCHEMAS_DIR) {
  const { schema, validator } = await loadBrowserValidator(entity, form, dir)
  return (data: unknown) => {
    const { errors } = validator.validateFormData(structuredClone(data), schema)
    return errors.map((error) => (error.property ?? '').replace(/^\./, ''))
  }
}

afterAll(() => {
  if (generatedDir) rmSync(generatedDir, { recursive: true, force: true })
  // Leave no trace: remove the parent too once no other run uses it.
  try {
    if (readdirSync(GENERATED_ROOT).length === 0) rmSync(GENERATED_ROOT, { recursive: true })
  } catch {
    // already gone
  }
})

// ---------------------------------------------------------------------------------------------

describe('schema files', () => {
  test('the folder holds a schema for every entity of the contract, and nothing else', () => {
    expect(schemaFiles.map((file) => path.basename(file, '.json')).sort()).toEqual(
      Object.keys(CONTRACT).sort(),
    )
  })

  test.each(schemaFiles)('%s is a valid draft-07 JSON Schema', (file) => {
    const doc = readJson(path.join(SCHEMAS_DIR, file))
    expect(doc.$schema).toBe('http://json-schema.org/draft-07/schema#')
    expect(doc.$id).toBe(path.basename(file, '.json'))
    const ajv = new Ajv({ $data: true })
    const valid = ajv.validateSchema(doc)
    expect(ajv.errors ?? [], ajv.errorsText()).toEqual([])
    expect(valid).toBe(true)
  })

  test('the meta-schema check is not vacuous', () => {
    const ajv = new Ajv({ $data: true })
    const base = { $schema: 'http://json-schema.org/draft-07/schema#' }
    expect(ajv.validateSchema({ ...base, minLength: -1 })).toBe(false)
    expect(ajv.validateSchema({ ...base, type: 'text' })).toBe(false)
    expect(ajv.validateSchema({ ...base, required: 'name' })).toBe(false)
    expect(ajv.validateSchema({ ...base, maximum: { $data: '1/maxPrice' } })).toBe(true)
    expect(new Ajv().validateSchema({ ...base, maximum: { $data: '1/maxPrice' } })).toBe(false)
  })

  test('the server registers exactly the schema files, not the ui schemas', () => {
    expect(loadSchemas(SCHEMAS_DIR).map((schema) => schema.$id)).toEqual(
      schemaFiles.map((file) => path.basename(file, '.json')),
    )
  })
})

describe('form fields follow the API contract (spec §7)', () => {
  const forms = Object.entries(CONTRACT).flatMap(([entity, byForm]) =>
    Object.entries(byForm).map(([form, fields]) => ({ entity, form: form as FormName, fields })),
  )

  test.each(forms)(
    '$entity $form has exactly the fields of the contract',
    ({ entity, form, fields }) => {
      const doc = readDoc(entity)
      expect(formsOf(doc)).toContain(form)
      expect(formFields(doc, form).all.sort()).toEqual([...fields].sort())
    },
  )

  test.each(Object.keys(CONTRACT))('%s has no form the contract does not know', (entity) => {
    expect(formsOf(readDoc(entity)).sort()).toEqual(Object.keys(CONTRACT[entity]).sort())
  })

  test.each(['create', 'update'] as const)(
    'product %s keeps the prices in the pricing conditional',
    (form) => {
      const { direct, conditional } = formFields(readDoc('product'), form)
      expect(conditional.sort()).toEqual([...PRICE_FIELDS].sort())
      for (const field of PRICE_FIELDS) expect(direct).not.toContain(field)
    },
  )

  test.each(['create', 'update'] as const)(
    'every required field of %s forms is one of its fields',
    (form) => {
      for (const entity of Object.keys(CONTRACT)) {
        const doc = readDoc(entity)
        if (!formsOf(doc).includes(form)) continue
        const root = resolveLocal(doc, { $ref: `#/definitions/${form}` })
        const { all } = formFields(doc, form)
        for (const field of root.required ?? []) expect(all, `${entity} ${form}`).toContain(field)
      }
    },
  )

  describe.each(uiFiles)('%s', (uiFile) => {
    const entity = path.basename(uiFile, '.ui.json')
    const ui = readJson<Record<string, Json>>(path.join(SCHEMAS_DIR, uiFile))

    test('belongs to a schema file and has only common and per-form parts', () => {
      expect(schemaFiles).toContain(`${entity}.json`)
      const doc = readDoc(entity)
      for (const part of Object.keys(ui)) {
        expect(['common', ...formsOf(doc)], `part ${part}`).toContain(part)
      }
    })

    test('names only fields that exist', () => {
      const doc = readDoc(entity)
      const byForm = Object.fromEntries(formsOf(doc).map((f) => [f, formFields(doc, f).all]))
      const union = [...new Set(Object.values(byForm).flat())]
      for (const [part, uiPart] of Object.entries(ui)) {
        // `common` applies to every form: each field it names must exist in at least one.
        const allowed = part === 'common' ? union : byForm[part]
        const named = Object.keys(uiPart).filter((key) => !key.startsWith('ui:'))
        const order = ((uiPart['ui:order'] as string[] | undefined) ?? []).filter((k) => k !== '*')
        const options = uiPart['ui:options'] as
          | { sections?: Array<{ fields: string[] }> }
          | undefined
        const sections = (options?.sections ?? []).flatMap((section) => section.fields)
        for (const field of [...named, ...order, ...sections]) {
          expect(allowed, `${uiFile} ${part} names "${field}"`).toContain(field)
        }
      }
    })

    // RJSF throws "uiSchema order list does not contain ..." when a field is left out of
    // ui:order without a "*" to place it.
    test.each(formsOf(readDoc(entity)))('the %s form orders every one of its fields', (form) => {
      const merged = formUiSchema(ui as Record<string, Json>, form)
      const order = merged['ui:order'] as string[] | undefined
      if (!order || order.includes('*')) return
      for (const field of formFields(readDoc(entity), form).all) {
        expect(order, `${uiFile} ${form}`).toContain(field)
      }
    })
  })
})

// ---------------------------------------------------------------------------------------------
// Each rule: one accepted and one rejected body, through both validators.

const CATEGORY_BODIES: Record<string, Json> = {
  'service-provider-category': { name: 'Plumbing', description: 'Pipes and taps', parentId: null },
  'product-category': { name: 'Kitchen', description: 'Pots and pans', parentCategoryId: null },
}
const FIXED_PRODUCT: Json = {
  name: 'Jollof rice tray',
  description: 'Party size, serves twenty',
  pricing: 'Fixed',
  price: 12500,
  estimatedDeliveryDays: 2,
  productCategoryIds: [1, 2],
  serviceProviderId: 1,
  enabled: true,
}
const RANGE_PRODUCT: Json = {
  ...omit(FIXED_PRODUCT, 'price'),
  pricing: 'Range',
  minPrice: 1000,
  maxPrice: 5000,
}
const PRODUCT_UPDATE: Json = {
  ...omit(FIXED_PRODUCT, 'serviceProviderId'),
  rating: 4.5,
  noOfRatings: 12,
}
const SERVICE_PROVIDER: Json = {
  firstName: 'Adaeze',
  lastName: 'Okafor',
  brandName: 'Ada Cleans',
  email: 'ada@example.com',
  phoneNumber: '+234 803 123 4567',
  state: 'Lagos',
  city: 'Ikeja',
  addressLine1: '12 Allen Avenue',
  addressLine2: null,
  about: 'Homes and offices, weekly or once.',
  enabled: true,
  serviceProviderCategoryIds: [3],
}
const PRODUCT_IMAGE: Json = {
  image: 'iVBORw0KGgo=',
  imageName: 'Front',
  imageDescription: null,
  enabled: true,
}

function omit(body: Json, ...keys: string[]): Json {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)))
}

interface RuleCase {
  rule: string
  entity: string
  form: FormName
  /** The field an error must name. */
  field: string
  accepted: Json
  rejected: Json
}

const categoryCases: RuleCase[] = Object.entries(CATEGORY_BODIES).flatMap(([entity, body]) =>
  (['create', 'update'] as const).flatMap((form) => [
    {
      rule: 'name is required',
      entity,
      form,
      field: 'name',
      accepted: body,
      rejected: omit(body, 'name'),
    },
    {
      rule: 'name must not be blank',
      entity,
      form,
      field: 'name',
      accepted: { ...body, name: ' Plumbing ' },
      rejected: { ...body, name: '   ' },
    },
    {
      rule: 'description is required and not blank',
      entity,
      form,
      field: 'description',
      accepted: body,
      rejected: { ...body, description: '\n\t ' },
    },
    {
      rule: 'name is at most 120 characters',
      entity,
      form,
      field: 'name',
      accepted: { ...body, name: 'x'.repeat(120) },
      rejected: { ...body, name: 'x'.repeat(121) },
    },
  ]),
)

const otherCases: RuleCase[] = [
  {
    rule: 'name is required',
    entity: 'product',
    form: 'create',
    field: 'name',
    accepted: FIXED_PRODUCT,
    rejected: omit(FIXED_PRODUCT, 'name'),
  },
  {
    rule: 'name must not be blank',
    entity: 'product',
    form: 'update',
    field: 'name',
    accepted: PRODUCT_UPDATE,
    rejected: { ...PRODUCT_UPDATE, name: '  ' },
  },
  {
    rule: 'a price is at least 0',
    entity: 'product',
    form: 'create',
    field: 'price',
    accepted: { ...FIXED_PRODUCT, price: 0 },
    rejected: { ...FIXED_PRODUCT, price: -0.01 },
  },
  {
    rule: 'a price is naira with kobo (multipleOf 0.01): 0.3 yes, 0.333 no',
    entity: 'product',
    form: 'create',
    field: 'price',
    accepted: { ...FIXED_PRODUCT, price: 0.3 },
    rejected: { ...FIXED_PRODUCT, price: 0.333 },
  },
  {
    rule: 'kobo amounts that floats cannot hold exactly are accepted (0.29, 1000.07)',
    entity: 'product',
    form: 'update',
    field: 'maxPrice',
    accepted: {
      ...omit(PRODUCT_UPDATE, 'price'),
      pricing: 'Range',
      minPrice: 0.29,
      maxPrice: 1000.07,
    },
    rejected: {
      ...omit(PRODUCT_UPDATE, 'price'),
      pricing: 'Range',
      minPrice: 0.29,
      maxPrice: 1000.071,
    },
  },
  {
    rule: 'a minimum price is at least 0',
    entity: 'product',
    form: 'create',
    field: 'minPrice',
    accepted: { ...RANGE_PRODUCT, minPrice: 0 },
    rejected: { ...RANGE_PRODUCT, minPrice: -1 },
  },
  {
    rule: 'estimated delivery days is at least 1',
    entity: 'product',
    form: 'create',
    field: 'estimatedDeliveryDays',
    accepted: { ...FIXED_PRODUCT, estimatedDeliveryDays: 1 },
    rejected: { ...FIXED_PRODUCT, estimatedDeliveryDays: 0 },
  },
  {
    rule: 'estimated delivery days is a whole number',
    entity: 'product',
    form: 'update',
    field: 'estimatedDeliveryDays',
    accepted: { ...PRODUCT_UPDATE, estimatedDeliveryDays: 3 },
    rejected: { ...PRODUCT_UPDATE, estimatedDeliveryDays: 1.5 },
  },
  {
    rule: 'rating is at most 5',
    entity: 'product',
    form: 'update',
    field: 'rating',
    accepted: { ...PRODUCT_UPDATE, rating: 5 },
    rejected: { ...PRODUCT_UPDATE, rating: 5.1 },
  },
  {
    rule: 'rating is at least 0',
    entity: 'product',
    form: 'update',
    field: 'rating',
    accepted: { ...PRODUCT_UPDATE, rating: 0 },
    rejected: { ...PRODUCT_UPDATE, rating: -0.5 },
  },
  {
    rule: 'noOfRatings is at least 0',
    entity: 'product',
    form: 'update',
    field: 'noOfRatings',
    accepted: { ...PRODUCT_UPDATE, noOfRatings: 0 },
    rejected: { ...PRODUCT_UPDATE, noOfRatings: -1 },
  },
  {
    rule: 'noOfRatings is a whole number',
    entity: 'product',
    form: 'update',
    field: 'noOfRatings',
    accepted: { ...PRODUCT_UPDATE, noOfRatings: 7 },
    rejected: { ...PRODUCT_UPDATE, noOfRatings: 2.5 },
  },
  {
    rule: 'Fixed pricing requires a price',
    entity: 'product',
    form: 'create',
    field: 'price',
    accepted: FIXED_PRODUCT,
    rejected: omit(FIXED_PRODUCT, 'price'),
  },
  {
    rule: 'Range pricing requires a minimum price',
    entity: 'product',
    form: 'create',
    field: 'minPrice',
    accepted: RANGE_PRODUCT,
    rejected: omit(RANGE_PRODUCT, 'minPrice'),
  },
  {
    rule: 'Range pricing requires a maximum price',
    entity: 'product',
    form: 'update',
    field: 'maxPrice',
    accepted: { ...omit(PRODUCT_UPDATE, 'price'), pricing: 'Range', minPrice: 10, maxPrice: 20 },
    rejected: { ...omit(PRODUCT_UPDATE, 'price'), pricing: 'Range', minPrice: 10 },
  },
  {
    rule: 'Range pricing refuses a minimum above the maximum (equal is fine)',
    entity: 'product',
    form: 'create',
    field: 'minPrice',
    accepted: { ...RANGE_PRODUCT, minPrice: 5000, maxPrice: 5000 },
    rejected: { ...RANGE_PRODUCT, minPrice: 5000.01, maxPrice: 5000 },
  },
  {
    rule: 'email must be an email address',
    entity: 'service-provider',
    form: 'create',
    field: 'email',
    accepted: SERVICE_PROVIDER,
    rejected: { ...SERVICE_PROVIDER, email: 'ada-at-example.com' },
  },
  {
    rule: 'the phone number follows its pattern',
    entity: 'service-provider',
    form: 'create',
    field: 'phoneNumber',
    accepted: { ...SERVICE_PROVIDER, phoneNumber: '08031234567' },
    rejected: { ...SERVICE_PROVIDER, phoneNumber: 'call me maybe' },
  },
  {
    rule: 'the phone number follows its pattern on edit too',
    entity: 'service-provider',
    form: 'update',
    field: 'phoneNumber',
    accepted: omit(SERVICE_PROVIDER, 'email'),
    rejected: { ...omit(SERVICE_PROVIDER, 'email'), phoneNumber: '+234 803 abc 4567' },
  },
  {
    rule: 'first name must not be blank',
    entity: 'service-provider',
    form: 'update',
    field: 'firstName',
    accepted: omit(SERVICE_PROVIDER, 'email'),
    rejected: { ...omit(SERVICE_PROVIDER, 'email'), firstName: ' ' },
  },
  {
    rule: 'an image name is required',
    entity: 'product-image',
    form: 'create',
    field: 'imageName',
    accepted: PRODUCT_IMAGE,
    rejected: omit(PRODUCT_IMAGE, 'imageName'),
  },
  {
    rule: 'an image name must not be blank on edit',
    entity: 'product-image',
    form: 'update',
    field: 'imageName',
    accepted: omit(PRODUCT_IMAGE, 'image'),
    rejected: { ...omit(PRODUCT_IMAGE, 'image'), imageName: '   ' },
  },
]

const ALL_CASES = [...categoryCases, ...otherCases]

/** The server's 400 message names the field first, as in "price is required". */
function namesField(detail: string | undefined, field: string): boolean {
  return typeof detail === 'string' && new RegExp(`^${field}( |$)`).test(detail)
}

describe('each rule: the browser and the server agree', () => {
  const browser = new Map<string, (data: unknown) => string[]>()

  beforeAll(async () => {
    for (const { entity, form } of ALL_CASES) {
      const key = `${entity}.${form}`
      if (!browser.has(key)) browser.set(key, await browserValidator(entity, form))
    }
  }, 60_000)

  test.each(ALL_CASES)('$entity $form: $rule', ({ entity, form, field, accepted, rejected }) => {
    const inBrowser = browser.get(`${entity}.${form}`)
    if (!inBrowser) throw new Error('validator not loaded')
    const onServer = serverValidator(entity, form)

    expect(inBrowser(accepted), 'browser accepts').toEqual([])
    expect(onServer(accepted), 'server accepts').toBeUndefined()

    const browserErrors = inBrowser(rejected)
    expect(browserErrors, 'browser rejects, naming the field').toContain(field)
    const detail = onServer(rejected)
    expect(namesField(detail, field), `server rejects naming ${field}: ${detail}`).toBe(true)
  })
})

// The form shows the price fields of the chosen pricing by resolving the conditional with the
// same precompiled validator: it must hold a function for every branch condition.
describe('the product forms resolve the pricing conditional in the browser', () => {
  test.each(['create', 'update'] as const)('%s', async (form) => {
    const { schema, validator } = await loadBrowserValidator('product', form)
    const shown = (data: Json) =>
      Object.keys(retrieveSchema(validator, schema, schema, data).properties ?? {})
    const fixed = shown({ pricing: 'Fixed' })
    expect(fixed).toContain('price')
    expect(fixed).not.toContain('minPrice')
    const range = shown({ pricing: 'Range' })
    expect(range).toEqual(expect.arrayContaining(['minPrice', 'maxPrice']))
    expect(range).not.toContain('price')
  })
})

// The category routes exist: their cases run through the real HTTP API as well.
const CATEGORY_KINDS = {
  'service-provider-category': serviceProviderCategories,
  'product-category': productCategories,
}

describeEachDatabase('category rules through the routes', (suite) => {
  async function sender(app: FastifyInstance, entity: string, form: FormName) {
    const kind = CATEGORY_KINDS[entity as keyof typeof CATEGORY_KINDS]
    const { token } = await suite.loginAsNewOperator(app)
    const headers = { authorization: `Bearer ${token}` }
    let target: number | undefined
    if (form === 'update') {
      const created = await app.inject({
        method: 'POST',
        url: kind.path,
        headers,
        payload: { name: 'Target', description: 'To be edited' },
      })
      target = created.json().id
    }
    return (payload: Json) =>
      app.inject({
        method: form === 'create' ? 'POST' : 'PUT',
        url: form === 'create' ? kind.path : `${kind.path}/${target}`,
        headers,
        payload,
      })
  }

  test.each(categoryCases)(
    '$entity $form: $rule',
    async ({ entity, form, field, accepted, rejected }) => {
      const app = await suite.makeApp()
      const send = await sender(app, entity, form)
      const ok = await send(accepted)
      expect(ok.statusCode, ok.body).toBe(form === 'create' ? 201 : 200)
      const refused = await send(rejected)
      expect(refused.statusCode).toBe(400)
      expect(namesField(refused.json().detail, field), refused.body).toBe(true)
    },
  )

  describe("an analyst's edit needs no code change", () => {
    let edited: string
    beforeAll(() => {
      edited = editedSchemasDir()
    })
    afterAll(() => rmSync(edited, { recursive: true, force: true }))

    test('a longer minimum name length takes effect on the server from the files alone', async () => {
      for (const [dir, expected] of [
        [SCHEMAS_DIR, [201, 200]],
        [edited, [400, 400]],
      ] as const) {
        const app = await suite.makeApp({ schemasDir: dir })
        const { token } = await suite.loginAsNewOperator(app)
        const headers = { authorization: `Bearer ${token}` }
        const url = serviceProviderCategories.path
        const target = await app.inject({
          method: 'POST',
          url,
          headers,
          payload: { name: 'Long enough', description: 'x' },
        })
        expect(target.statusCode).toBe(201)
        const short = { name: 'Spa', description: 'Massage and more', parentId: null }
        const created = await app.inject({ method: 'POST', url, headers, payload: short })
        const updated = await app.inject({
          method: 'PUT',
          url: `${url}/${target.json().id}`,
          headers,
          payload: short,
        })
        expect([created.statusCode, updated.statusCode], dir).toEqual(expected)
        if (dir === edited) {
          expect(created.json()).toEqual({ detail: 'name must NOT have fewer than 5 characters' })
          expect(updated.json()).toEqual({ detail: 'name must NOT have fewer than 5 characters' })
        }
        // The other hierarchy's file was not edited.
        const other = await app.inject({
          method: 'POST',
          url: productCategories.path,
          headers,
          payload: { name: 'Spa', description: 'x' },
        })
        expect(other.statusCode).toBe(201)
      }
    })
  })
})

/** A copy of /schemas in which an analyst raised service-provider-category's name minLength. */
function editedSchemasDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-schemas-edit-'))
  cpSync(SCHEMAS_DIR, dir, { recursive: true })
  const file = path.join(dir, 'service-provider-category.json')
  const doc = readJson<SchemaDocument>(file)
  ;(doc.definitions.name as Json).minLength = 5
  writeFileSync(file, JSON.stringify(doc, null, 2))
  return dir
}

describe("an analyst's edit needs no code change (browser)", () => {
  let edited: string
  beforeAll(() => {
    edited = editedSchemasDir()
  })
  afterAll(() => rmSync(edited, { recursive: true, force: true }))

  test.each(['create', 'update'] as const)(
    'the %s form’s validator follows the edited file',
    async (form) => {
      const short = { name: 'Spa', description: 'Massage and more', parentId: null }
      const enough = { ...short, name: 'Spa 24' }
      const original = await browserValidator('service-provider-category', form)
      const changed = await browserValidator('service-provider-category', form, edited)
      expect(original(short)).toEqual([])
      expect(changed(short)).toEqual(['name'])
      expect(changed(enough)).toEqual([])
      // The product categories' file is untouched in the copy.
      const products = await browserValidator('product-category', form, edited)
      expect(products({ name: 'Spa', description: 'x', parentCategoryId: null })).toEqual([])
    },
  )
})
