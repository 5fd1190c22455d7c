import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { beforeEach, describe, expect, test } from 'vitest'
import {
  type CategoryKind,
  productCategories,
  serviceProviderCategories,
} from '../../server/categories/category-kinds'
import { CATEGORY_KINDS } from './support/category-kinds'
import { describeEachDatabase, uniqueName } from './support/databases'
import { type Json, stringify } from './support/requests'

// Both category hierarchies share their routes; every behaviour is checked on both, on SQLite
// and on PostgreSQL. Tests share one database per file, so each one tags the names it creates
// (`uniqueName`) and lists through a name filter on that tag.

interface Category {
  id: number
  name: string
  description: string
  parent: number | null
}

function categoryApi(app: FastifyInstance, token: string, kind: CategoryKind) {
  const headers = { authorization: `Bearer ${token}` }
  const parent = kind.parentField
  const api = {
    post: (payload: object) => app.inject({ method: 'POST', url: kind.path, headers, payload }),
    put: (id: number | string, payload: object) =>
      app.inject({ method: 'PUT', url: `${kind.path}/${id}`, headers, payload }),
    get: (id: number | string) => app.inject({ method: 'GET', url: `${kind.path}/${id}`, headers }),
    list: (query: Record<string, string | number>) =>
      app.inject({ method: 'GET', url: kind.path, headers, query: stringify(query) }),
    /** A body sent as is (not JSON-encoded by inject), with a JSON content type. */
    raw: (method: 'POST' | 'PUT', url: string, body?: string) =>
      app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: body }),
      }),
    /** The JSON body of a category with the parent under the kind's own field name. */
    body: (name: string, description: string, parentId: number | null = null): Json => ({
      name,
      description,
      [parent]: parentId,
    }),
    async create(name: string, description = 'A description', parentId: number | null = null) {
      const response = await api.post(api.body(name, description, parentId))
      expect(response.statusCode, response.body).toBe(201)
      const { id } = response.json()
      expect(Number.isInteger(id)).toBe(true)
      return id as number
    },
    /** The names (in list order) of one list call that must succeed. */
    async names(query: Record<string, string | number>) {
      const response = await api.list(query)
      expect(response.statusCode, response.body).toBe(200)
      return (response.json().data as Json[]).map((row) => row.name)
    },
    /** A row as the API returns it, with the parent field renamed to `parent`. */
    toCategory(row: Json): Category {
      return {
        id: row.id as number,
        name: row.name as string,
        description: row.description as string,
        parent: row[parent] as number | null,
      }
    },
  }
  return api
}

describeEachDatabase('category API', (suite) => {
  describe.each(CATEGORY_KINDS)('$title', ({ kind }) => {
    const parent = kind.parentField
    const otherParentField = parent === 'parentId' ? 'parentCategoryId' : 'parentId'
    let app: FastifyInstance
    let api: ReturnType<typeof categoryApi>
    let tag: string

    beforeEach(async () => {
      app = await suite.makeApp()
      const { token } = await suite.loginAsNewOperator(app)
      api = categoryApi(app, token, kind)
      tag = uniqueName('cat')
    })

    /** Inserts many categories straight into the table (for the page-size tests). */
    async function insertMany(count: number, name: (i: number) => string) {
      const now = Date.now()
      const rows = Array.from({ length: count }, (_, i) => ({
        name: name(i),
        description: 'bulk',
        parentId: null,
        createdAt: now,
        updatedAt: now,
      }))
      for (let start = 0; start < rows.length; start += 500) {
        await suite.db
          .insertInto(kind.table)
          .values(rows.slice(start, start + 500))
          .execute()
      }
    }

    describe('create, read, update', () => {
      test('a round trip returns exactly what was stored, under the kind’s parent field', async () => {
        const created = await api.post(api.body(`${tag} Cleaning`, 'Homes and offices'))
        expect(created.statusCode).toBe(201)
        expect(Object.keys(created.json())).toEqual(['id'])
        const rootId = created.json().id as number

        const root = await api.get(rootId)
        expect(root.statusCode).toBe(200)
        expect(root.json()).toEqual({
          id: rootId,
          name: `${tag} Cleaning`,
          description: 'Homes and offices',
          [parent]: null,
        })
        expect(root.json()).not.toHaveProperty(otherParentField)

        const childId = await api.create(`${tag} Deep cleaning`, 'Carpets', rootId)
        expect((await api.get(childId)).json()).toEqual({
          id: childId,
          name: `${tag} Deep cleaning`,
          description: 'Carpets',
          [parent]: rootId,
        })

        const updated = await api.put(childId, api.body(`${tag} Laundry`, 'Clothes', null))
        expect(updated.statusCode).toBe(200)
        const expected = {
          id: childId,
          name: `${tag} Laundry`,
          description: 'Clothes',
          [parent]: null,
        }
        expect(updated.json()).toEqual(expected)
        expect((await api.get(childId)).json()).toEqual(expected)

        const reparented = await api.put(childId, api.body(`${tag} Laundry`, 'Clothes', rootId))
        expect(reparented.json()).toEqual({ ...expected, [parent]: rootId })
        expect((await api.get(childId)).json()).toEqual({ ...expected, [parent]: rootId })
      })

      test('the parent may be omitted (top level) and surrounding spaces are trimmed', async () => {
        const id = await api.create(`${tag} Parentless`)
        const response = await api.post({ name: `  ${tag} Padded  `, description: ' Text\n' })
        expect(response.statusCode).toBe(201)
        expect((await api.get(response.json().id)).json()).toEqual({
          id: response.json().id,
          name: `${tag} Padded`,
          description: 'Text',
          [parent]: null,
        })
        expect(api.toCategory((await api.get(id)).json()).parent).toBeNull()
        // PUT replaces the whole category: an omitted parent moves it to the top level.
        const childId = await api.create(`${tag} Child`, 'x', id)
        const put = await api.put(childId, { name: `${tag} Child`, description: 'x' })
        expect(put.json()[parent]).toBeNull()
      })

      test('SQL and HTML in names and descriptions are stored and returned literally', async () => {
        const sqlText = "'; DROP TABLE x; --"
        const html = '<script>alert(1)</script>'
        const id = await api.create(sqlText, html)
        expect((await api.get(id)).json()).toEqual({
          id,
          name: sqlText,
          description: html,
          [parent]: null,
        })
        const swapped = await api.put(id, api.body(html, sqlText))
        expect(swapped.json()).toEqual({ id, name: html, description: sqlText, [parent]: null })
        expect((await api.get(id)).json()).toEqual({
          id,
          name: html,
          description: sqlText,
          [parent]: null,
        })
        expect(swapped.headers['content-type']).toMatch(/^application\/json/)

        const second = await api.create(sqlText, html)
        const found = await api.list({ name: "'; drop table" })
        expect(found.statusCode).toBe(200)
        expect((found.json().data as Json[]).map((row) => row.id)).toContain(second)
        expect((await api.list({ name: '<SCRIPT>' })).json().data).toContainEqual({
          id,
          name: html,
          description: sqlText,
          [parent]: null,
        })
        // The table is still there and still answers.
        const count = await suite.db
          .selectFrom(kind.table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
        expect(Number(count.n)).toBeGreaterThanOrEqual(2)
        expect((await api.get(second)).statusCode).toBe(200)
      })

      test('non-Latin text and quotes round-trip unchanged', async () => {
        const name = `${tag} Ọjà “Ẹ̀wà” 🛒 \\ O'Brien`
        const id = await api.create(name, 'Línea 2 — naïve')
        expect((await api.get(id)).json()).toMatchObject({ name, description: 'Línea 2 — naïve' })
      })
    })

    describe('authentication', () => {
      test('every route is 401 without a token or with a wrong one', async () => {
        const id = await api.create(`${tag} Secret`)
        const calls = [
          { method: 'GET' as const, url: kind.path },
          { method: 'GET' as const, url: `${kind.path}/${id}` },
          { method: 'POST' as const, url: kind.path, payload: api.body('x', 'y') },
          { method: 'PUT' as const, url: `${kind.path}/${id}`, payload: api.body('x', 'y') },
        ]
        for (const call of calls) {
          const anonymous = await app.inject(call)
          expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401)
          expect(Object.keys(anonymous.json())).toEqual(['detail'])
          const wrong = await app.inject({
            ...call,
            headers: { authorization: 'Bearer not-a-real-token' },
          })
          expect(wrong.statusCode, `${call.method} ${call.url}`).toBe(401)
        }
        // Nothing was changed by the refused PUT.
        expect((await api.get(id)).json().name).toBe(`${tag} Secret`)
      })
    })

    describe('missing categories', () => {
      test.each([
        ['an id that does not exist', '2147483000'],
        ['a non-numeric id', 'abc'],
        ['zero', '0'],
        ['a negative id', '-1'],
        ['a fractional id', '1.5'],
        ['an id beyond the integer range', '99999999999999'],
        ['an id with a NUL character', '%00'],
      ])('GET and PUT with %s are 404', async (_, id) => {
        const get = await api.get(id)
        expect(get.statusCode).toBe(404)
        expect(get.json()).toEqual({ detail: kind.notFound })
        const put = await api.put(id, api.body(`${tag} Ghost`, 'Nothing'))
        expect(put.statusCode).toBe(404)
        expect(put.json()).toEqual({ detail: kind.notFound })
        expect(await api.names({ name: tag })).toEqual([])
      })

      test('a PUT with an invalid body on a missing id is 400 (the body is checked first)', async () => {
        const response = await api.put(2147483000, { description: 'x' })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ detail: 'name is required' })
      })
    })

    describe('list filters', () => {
      test('name is a case-insensitive substring match', async () => {
        await api.create(`Home ${tag} Cleaning`)
        await api.create(`Garden ${tag} Care`)
        await api.create(`Office ${tag} cleaning supplies`)
        expect(await api.names({ name: `${tag} CLEAN`.toUpperCase() })).toEqual([
          `Home ${tag} Cleaning`,
          `Office ${tag} cleaning supplies`,
        ])
        expect(await api.names({ name: `e ${tag} c`.toLowerCase() })).toEqual([
          `Home ${tag} Cleaning`,
          `Office ${tag} cleaning supplies`,
        ])
        expect(await api.names({ name: tag })).toHaveLength(3)
        expect(await api.names({ name: `${tag}-absent` })).toEqual([])
        // A blank filter means no filter.
        const blank = await api.list({ name: '   ', pageSize: 1 })
        expect(blank.json().pagination.total).toBeGreaterThanOrEqual(3)
      })

      test('the name filter ignores case beyond ASCII too', async () => {
        await api.create(`${tag} Àmàlà and ÉCLAIRS`)
        await api.create(`${tag} Ẹ̀wà Àgànyìn`)
        expect(await api.names({ name: `${tag} àmàlà` })).toEqual([`${tag} Àmàlà and ÉCLAIRS`])
        expect(await api.names({ name: 'à AND éclair'.toUpperCase(), pageSize: 3000 })).toContain(
          `${tag} Àmàlà and ÉCLAIRS`,
        )
        expect(await api.names({ name: `${tag} Ẹ̀WÀ` })).toEqual([`${tag} Ẹ̀wà Àgànyìn`])
      })

      test('% and _ in the name filter match only themselves', async () => {
        await api.create(`${tag} 100% natural`)
        await api.create(`${tag} 100 natural`)
        await api.create(`${tag} 1000 natural`)
        await api.create(`${tag} a_b`)
        await api.create(`${tag} axb`)
        await api.create(`${tag} back\\slash`)
        await api.create(`${tag} backslash`)
        expect(await api.names({ name: `${tag} 100%` })).toEqual([`${tag} 100% natural`])
        expect(await api.names({ name: `${tag} 100% n` })).toEqual([`${tag} 100% natural`])
        expect(await api.names({ name: `${tag} a_b` })).toEqual([`${tag} a_b`])
        expect(await api.names({ name: `${tag} a_` })).toEqual([`${tag} a_b`])
        expect(await api.names({ name: `${tag} back\\` })).toEqual([`${tag} back\\slash`])
        const percent = await api.names({ name: '0% NAT', pageSize: 3000 })
        expect(percent).toContain(`${tag} 100% natural`)
        expect(percent).not.toContain(`${tag} 100 natural`)
        expect(percent).not.toContain(`${tag} 1000 natural`)
      })

      test('the parent filter: an id lists direct children, null the top level, omitted all', async () => {
        const rootA = await api.create(`${tag} A`)
        const rootB = await api.create(`${tag} B`)
        const childA = await api.create(`${tag} A1`, 'x', rootA)
        await api.create(`${tag} B1`, 'x', rootB)
        await api.create(`${tag} A1a`, 'x', childA)

        expect(await api.names({ name: tag, [parent]: rootA })).toEqual([`${tag} A1`])
        expect(await api.names({ name: tag, [parent]: childA })).toEqual([`${tag} A1a`])
        expect(await api.names({ name: tag, [parent]: 'null' })).toEqual([`${tag} A`, `${tag} B`])
        expect(await api.names({ name: tag })).toEqual([
          `${tag} A`,
          `${tag} A1`,
          `${tag} A1a`,
          `${tag} B`,
          `${tag} B1`,
        ])
        // An empty value is "omitted"; an id without categories under it lists nothing.
        expect(await api.names({ name: tag, [parent]: '' })).toHaveLength(5)
        expect(await api.names({ name: tag, [parent]: 2147483000 })).toEqual([])
        // Every category listed at the top level really has no parent.
        const top = await api.list({ [parent]: 'null', pageSize: 3000 })
        for (const row of top.json().data as Json[]) expect(row[parent]).toBeNull()
      })

      test.each([
        ['abc', 'must be a positive whole number'],
        ['0', 'must be a positive whole number'],
        ['-3', 'must be a positive whole number'],
        ['1.5', 'must be a positive whole number'],
        ['NULL ', 'must be a positive whole number'],
        ['99999999999', 'must be at most 2147483647'],
      ])('an invalid parent filter %j is 400 naming the parameter', async (value, message) => {
        const response = await api.list({ [parent]: value })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ detail: `${parent} ${message}` })
      })

      test('text filters refuse NUL characters and overlong values with 400', async () => {
        const nul = await api.list({ name: 'a\u0000b' })
        expect(nul.statusCode).toBe(400)
        expect(nul.json().detail).toMatch(/^name /)
        const long = await api.list({ name: 'x'.repeat(201) })
        expect(long.statusCode).toBe(400)
        expect(long.json()).toEqual({ detail: 'name must be at most 200 characters' })
      })
    })

    describe('pagination', () => {
      test('first, middle, last and past-the-end pages', async () => {
        for (const n of [1, 2, 3, 4, 5]) await api.create(`${tag} ${n}`)
        const page = async (number: number | string) => {
          const response = await api.list({ name: tag, page: number, pageSize: 2 })
          expect(response.statusCode).toBe(200)
          return response.json() as { data: Json[]; pagination: Json }
        }
        const first = await page(1)
        expect(first.data.map((row) => row.name)).toEqual([`${tag} 1`, `${tag} 2`])
        expect(first.pagination).toEqual({
          page: 1,
          pageSize: 2,
          total: 5,
          totalExact: true,
          totalPages: 3,
          hasPrev: false,
          hasNext: true,
        })
        const middle = await page(2)
        expect(middle.data.map((row) => row.name)).toEqual([`${tag} 3`, `${tag} 4`])
        expect(middle.pagination).toMatchObject({ page: 2, hasPrev: true, hasNext: true })
        const last = await page(3)
        expect(last.data.map((row) => row.name)).toEqual([`${tag} 5`])
        expect(last.pagination).toMatchObject({ page: 3, hasPrev: true, hasNext: false })
        for (const beyond of [4, 1000, 2147483648, 999999999999999]) {
          const past = await page(beyond)
          expect(past.data).toEqual([])
          expect(past.pagination).toEqual({
            page: beyond,
            pageSize: 2,
            total: 5,
            totalExact: true,
            totalPages: 3,
            hasPrev: true,
            hasNext: false,
          })
        }
      })

      test('an empty result is one empty page', async () => {
        const response = await api.list({ name: `${tag}-none` })
        expect(response.json()).toEqual({
          data: [],
          pagination: {
            page: 1,
            pageSize: 30,
            total: 0,
            totalExact: true,
            totalPages: 1,
            hasPrev: false,
            hasNext: false,
          },
        })
      })

      test('pageSize defaults to 30 and is capped at 3000', async () => {
        await insertMany(3001, (i) => `${tag} ${String(i).padStart(4, '0')}`)
        const byDefault = (await api.list({ name: tag })).json()
        expect(byDefault.data).toHaveLength(30)
        expect(byDefault.data[0].name).toBe(`${tag} 0000`)
        expect(byDefault.pagination).toEqual({
          page: 1,
          pageSize: 30,
          total: 3001,
          totalExact: true,
          totalPages: 101,
          hasPrev: false,
          hasNext: true,
        })
        for (const asked of [3000, 3001, 1_000_000, 999999999999999]) {
          const capped = (await api.list({ name: tag, pageSize: asked })).json()
          expect(capped.data).toHaveLength(3000)
          expect(capped.pagination).toEqual({
            page: 1,
            pageSize: 3000,
            total: 3001,
            totalExact: true,
            totalPages: 2,
            hasPrev: false,
            hasNext: true,
          })
        }
        const second = (await api.list({ name: tag, pageSize: 5000, page: 2 })).json()
        expect(second.data.map((row: Json) => row.name)).toEqual([`${tag} 3000`])
        expect(second.pagination).toMatchObject({ page: 2, hasPrev: true, hasNext: false })
      }, 60_000)

      test.each([
        ['page', '0', 'page must be a positive whole number'],
        ['page', 'abc', 'page must be a positive whole number'],
        ['page', '-1', 'page must be a positive whole number'],
        ['page', '1.5', 'page must be a positive whole number'],
        ['page', '1e3', 'page must be a positive whole number'],
        ['pageSize', '0', 'pageSize must be a positive whole number'],
        ['pageSize', 'ten', 'pageSize must be a positive whole number'],
      ])('%s=%j is 400 naming the parameter', async (name, value, detail) => {
        const response = await api.list({ [name]: value })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ detail })
      })
    })

    describe('the hierarchy stays a tree', () => {
      test('a category cannot be its own parent or the child of a descendant', async () => {
        const a = await api.create(`${tag} A`)
        const b = await api.create(`${tag} B`, 'x', a)
        const c = await api.create(`${tag} C`, 'x', b)
        for (const newParent of [a, b, c]) {
          const response = await api.put(a, api.body(`${tag} A`, 'x', newParent))
          expect(response.statusCode, `parent ${newParent}`).toBe(400)
          expect(response.json()).toEqual({
            detail: `${parent} cannot be the category itself or one of its descendants`,
          })
        }
        expect((await api.put(b, api.body(`${tag} B`, 'x', b))).statusCode).toBe(400)
        // Nothing moved.
        expect((await api.get(a)).json()[parent]).toBeNull()
        expect((await api.get(b)).json()[parent]).toBe(a)
        // Moving a leaf up, or a subtree under an unrelated category, is fine.
        expect((await api.put(c, api.body(`${tag} C`, 'x', a))).statusCode).toBe(200)
        const d = await api.create(`${tag} D`)
        expect((await api.put(b, api.body(`${tag} B`, 'x', d))).statusCode).toBe(200)
        expect((await api.get(b)).json()[parent]).toBe(d)
        // Keeping the same parent is not a cycle.
        expect((await api.put(b, api.body(`${tag} B2`, 'x', d))).statusCode).toBe(200)
      })

      test('an unknown parent is 400 on create and on update', async () => {
        const created = await api.post(api.body(`${tag} Orphan`, 'x', 2147483000))
        expect(created.statusCode).toBe(400)
        expect(created.json()).toEqual({
          detail: `${parent} 2147483000 is not an existing category`,
        })
        expect(await api.names({ name: tag })).toEqual([])
        const id = await api.create(`${tag} Real`)
        const updated = await api.put(id, api.body(`${tag} Real`, 'x', 2147483000))
        expect(updated.statusCode).toBe(400)
        expect(updated.json().detail).toMatch(new RegExp(`^${parent} `))
      })

      test('the other hierarchy’s ids are not parents here', async () => {
        const other = kind === productCategories ? serviceProviderCategories : productCategories
        const foreign = 2_000_000_000 + Math.floor(Math.random() * 100_000_000)
        const now = Date.now()
        await suite.db
          .insertInto(other.table)
          .values({
            id: foreign,
            name: `${tag} foreign`,
            description: 'x',
            parentId: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute()
        const response = await api.post(api.body(`${tag} Cross`, 'x', foreign))
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          detail: `${parent} ${foreign} is not an existing category`,
        })
      })

      test('two concurrent moves cannot close a loop', async () => {
        for (let round = 0; round < 5; round += 1) {
          const a = await api.create(`${tag} A${round}`)
          const b = await api.create(`${tag} B${round}`)
          const [first, second] = await Promise.all([
            api.put(a, api.body(`${tag} A${round}`, 'x', b)),
            api.put(b, api.body(`${tag} B${round}`, 'x', a)),
          ])
          expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400])
        }
      })
    })

    describe('invalid bodies', () => {
      const long = 'x'.repeat(121)
      test.each<[string, Json, string | RegExp]>([
        ['a missing name', { description: 'x' }, 'name is required'],
        ['a blank name', { name: '   ', description: 'x' }, 'name must not be blank'],
        ['an empty name', { name: '', description: 'x' }, 'name must not be blank'],
        ['a numeric name', { name: 42, description: 'x' }, 'name must be string'],
        ['a missing description', { name: 'x' }, 'description is required'],
        [
          'a blank description',
          { name: 'x', description: '\t \n' },
          'description must not be blank',
        ],
        ['a null description', { name: 'x', description: null }, 'description must be string'],
        ['a name too long', { name: long, description: 'x' }, /^name .*120/],
        [
          'a description too long',
          { name: 'x', description: 'x'.repeat(2001) },
          /^description .*2000/,
        ],
        ['a name with a NUL character', { name: 'a\u0000b', description: 'x' }, /^name /],
        [
          'a description with a NUL character',
          { name: 'a', description: '\u0000' },
          /^description /,
        ],
      ])('%s is 400 naming the field', async (_, body, detail) => {
        const expectDetail = (response: { statusCode: number; json(): Json }) => {
          expect(response.statusCode).toBe(400)
          const message = response.json().detail as string
          if (typeof detail === 'string') expect(message).toBe(detail)
          else expect(message).toMatch(detail)
        }
        expectDetail(await api.post(body))
        const id = await api.create(`${tag} Target`)
        expectDetail(await api.put(id, body))
        expect((await api.get(id)).json().name).toBe(`${tag} Target`)
      })

      test.each<[string, unknown]>([
        ['a string', '5'],
        ['a fraction', 1.5],
        ['zero', 0],
        ['a boolean', true],
        ['an array', [1]],
        ['an id beyond the integer range', 2147483648],
      ])('a parent given as %s is 400 naming the parent field', async (_, value) => {
        const root = await api.create(`${tag} Root`)
        const body = {
          name: `${tag} Bad`,
          description: 'x',
          [parent]: value === '5' ? String(root) : value,
        }
        const created = await api.post(body)
        expect(created.statusCode).toBe(400)
        expect(created.json().detail).toMatch(new RegExp(`^${parent} `))
        const updated = await api.put(root, body)
        expect(updated.statusCode).toBe(400)
        expect(updated.json().detail).toMatch(new RegExp(`^${parent} `))
        expect(await api.names({ name: `${tag} Bad` })).toEqual([])
      })

      test.each([
        ['an array', '[{"name":"x","description":"y"}]'],
        ['a string', '"name"'],
        ['a number', '42'],
        ['null', 'null'],
        ['no body at all', undefined],
      ])('a body that is %s is 400', async (_, body) => {
        const id = await api.create(`${tag} Target`)
        for (const [method, url] of [
          ['POST', kind.path],
          ['PUT', `${kind.path}/${id}`],
        ] as const) {
          const response = await api.raw(method, url, body)
          expect(response.statusCode, `${method} ${body}`).toBe(400)
          expect(response.json()).toEqual({ detail: 'Request body must be a JSON object' })
        }
      })

      test('malformed JSON is 400', async () => {
        const response = await api.raw('POST', kind.path, '{"name": "x",')
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ detail: 'Malformed JSON body' })
      })

      test('fields the form does not have are ignored', async () => {
        const response = await api.post({
          ...api.body(`${tag} Extra`, 'x'),
          id: 123456,
          [otherParentField]: 1,
          createdAt: 0,
        })
        expect(response.statusCode).toBe(201)
        const id = response.json().id
        expect(id).not.toBe(123456)
        expect((await api.get(id)).json()).toEqual({
          id,
          name: `${tag} Extra`,
          description: 'x',
          [parent]: null,
        })
      })
    })
  })

  describe('product categories only', () => {
    test('the description filter is a case-insensitive substring match with literal % and _', async () => {
      const app = await suite.makeApp()
      const { token } = await suite.loginAsNewOperator(app)
      const api = categoryApi(app, token, productCategories)
      const tag = uniqueName('desc')
      await api.create(`${tag} Apples`, `Fresh ${tag} FRUIT from Jos`)
      await api.create(`${tag} Yams`, `Tubers ${tag} from Benue`)
      await api.create(`${tag} Promo`, `${tag} 50% off_today`)
      await api.create(`${tag} Plain`, `${tag} 50 off today`)
      expect(await api.names({ description: `${tag} fruit` })).toEqual([`${tag} Apples`])
      expect(await api.names({ description: `${tag} FROM`.toUpperCase() })).toEqual([`${tag} Yams`])
      expect(await api.names({ description: `${tag} 50%` })).toEqual([`${tag} Promo`])
      expect(await api.names({ description: 'off_today' })).toContain(`${tag} Promo`)
      expect(await api.names({ description: `${tag} 50 off_` })).toEqual([])
      // Combined with the name filter, both must match.
      expect(await api.names({ name: 'apples', description: tag })).toEqual([`${tag} Apples`])
      expect(await api.names({ name: 'yams', description: `${tag} fruit` })).toEqual([])
    })

    test('service-provider categories have no description filter (it is refused, issue 27)', async () => {
      const app = await suite.makeApp()
      const { token } = await suite.loginAsNewOperator(app)
      const api = categoryApi(app, token, serviceProviderCategories)
      const response = await api.list({ name: 'x', description: 'alpha' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: 'description is not a filter of this list' })
    })
  })

  test('the category tables still exist after the injection attempts', async () => {
    for (const table of ['service_provider_categories', 'product_categories']) {
      const result = await sql<{
        n: number
      }>`select count(*) as n from ${sql.table(table)}`.execute(suite.db)
      expect(result.rows).toHaveLength(1)
    }
  })
})
