import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  ANALYST_EDITS,
  type AnalystEdit,
  CUSTOM_FIELD,
  editedCopy,
  NEW_MINIMUM,
  PATTERN_MESSAGE,
  RELABELLED,
  schemasFingerprint,
} from '../support/analyst-edits'
import type { SchemaCopy } from '../support/schema-copy'
import { describeEachDatabase, uniqueName } from './support/databases'
import { buildProduct, productApi } from './support/products'
import { expectDetail } from './support/requests'
import { buildProvider } from './support/service-providers'

// Issue 11, point 6: each analyst edit, made on a temporary copy of schemas/, is followed by
// the API's validation (the form side is tests/web/forms/analyst-edits.test.tsx). The shipped
// files are checked too, so each difference is the edit's.

const before = schemasFingerprint()
const copies = new Map<string, SchemaCopy>(
  ANALYST_EDITS.map((edit) => [edit.name, editedCopy(edit)]),
)
afterAll(() => {
  for (const copy of copies.values()) copy.remove()
  expect(schemasFingerprint()).toBe(before)
})

type Check = (app: FastifyInstance, token: string, edited: boolean) => Promise<void>

const category = (extra = {}) => ({
  name: uniqueName('category'),
  description: 'Pots and pans',
  parentCategoryId: null,
  ...extra,
})
const postCategory = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/product-categories',
    headers: { authorization: `Bearer ${token}` },
    payload,
  })
/** Presentation edits leave validation as it was: a valid body is accepted, a blank refused. */
const unchanged: Check = async (app, token) => {
  expect((await postCategory(app, token, category())).statusCode).toBe(201)
  expectDetail(
    await postCategory(app, token, category({ name: ' ' })),
    400,
    'name must not be blank',
  )
}

const CHECKS: Record<string, Check> = {
  // A new label (`ui:title` alone) renames the field in the API's messages too (issue 27).
  relabel: async (app, token, edited) => {
    expect((await postCategory(app, token, category())).statusCode).toBe(201)
    expectDetail(
      await postCategory(app, token, category({ name: ' ' })),
      400,
      edited ? `${RELABELLED} (name) must not be blank` : 'name must not be blank',
    )
  },
  reorder: unchanged,
  'add a help text': unchanged,
  'make required': async (app, token, edited) => {
    const providers = productApi(app, token).providers
    const { addressLine2: _, ...body } = buildProvider()
    const response = await providers.post(body)
    if (edited) expectDetail(response, 400, 'addressLine2 is required')
    else expect(response.statusCode, response.body).toBe(201)
    const empty = await providers.post({ ...buildProvider(), addressLine2: null })
    if (edited) expectDetail(empty, 400, 'addressLine2 must be string')
    else expect(empty.statusCode, empty.body).toBe(201)
  },
  'change a minimum': async (app, token, edited) => {
    const api = productApi(app, token)
    const body = buildProduct(await api.provider(), { estimatedDeliveryDays: NEW_MINIMUM - 1 })
    const response = await api.post(body)
    if (edited) expectDetail(response, 400, `estimatedDeliveryDays must be >= ${NEW_MINIMUM}`)
    else expect(response.statusCode, response.body).toBe(201)
    const ok = await api.post({ ...body, estimatedDeliveryDays: NEW_MINIMUM })
    expect(ok.statusCode, ok.body).toBe(201)
  },
  'give a pattern its message': async (app, token, edited) => {
    const providers = productApi(app, token).providers
    const response = await providers.post({ ...buildProvider(), phoneNumber: 'call me' })
    if (edited) {
      expectDetail(response, 400, `phoneNumber is not in the expected format: ${PATTERN_MESSAGE}`)
    } else expect(JSON.parse(response.body).detail).toMatch(/^phoneNumber must match pattern /)
  },
  'add a custom field': async (app, token, edited) => {
    const { name, title, maxLength } = CUSTOM_FIELD
    const created = await postCategory(app, token, category({ [name]: 'A-1' }))
    expect(created.statusCode, created.body).toBe(201)
    const read = await app.inject({
      method: 'GET',
      url: `/api/product-categories/${created.json().id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    if (edited) expect(read.json()).toMatchObject({ [name]: 'A-1' })
    else expect(read.json()).not.toHaveProperty(name)
    const tooLong = await postCategory(app, token, category({ [name]: 'x'.repeat(maxLength + 1) }))
    if (edited) {
      // Named by its title (issue 27, point 3).
      expectDetail(tooLong, 400, `${title} must NOT have more than ${maxLength} characters`)
    } else expect(tooLong.statusCode).toBe(201)
  },
}

describeEachDatabase('analyst edits, API side', (suite) => {
  let token = ''
  beforeAll(async () => {
    const app = await suite.makeApp()
    token = (await suite.loginAsNewOperator(app)).token
    await app.close()
  })

  test.each(ANALYST_EDITS.map((edit) => [edit.name, edit] as [string, AnalystEdit]))(
    '%s: the API follows the edited copy',
    async (name) => {
      const check = CHECKS[name]
      await check(await suite.makeApp(), token, false)
      await check(await suite.makeApp({ schemasDir: copies.get(name)?.dir }), token, true)
    },
  )
})
