import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, test } from 'vitest'
import { isNarrow, readPage } from '../../server/lists/list-engine'
import { providerSorts, sortRequest } from '../../server/lists/sorts'
import { providerList } from '../../server/service-providers/provider-queries'
import { describeEachDatabase, uniqueName } from './support/databases'
import { expectNarrowAfterWrites } from './support/query-log'
import { expectDetail, type Json } from './support/requests'
import { buildProvider, PROVIDERS, providerApi, updateBody } from './support/service-providers'

// Service providers on SQLite and on PostgreSQL. The file shares one database, so each test
// tags its brand names (`uniqueName`) and lists through a brandName filter on that tag.

const NOT_FOUND = 'Service provider not found'
const DUPLICATE = 'A service provider with this email already exists'
const PUBLIC_KEYS = [
  'id',
  'firstName',
  'lastName',
  'brandName',
  'state',
  'city',
  'about',
  'serviceProviderCategories',
  'hasPassportPhoto',
  'hasBrandLogo',
]

describeEachDatabase('service provider API', (suite) => {
  let app: FastifyInstance
  let api: ReturnType<typeof providerApi>
  let tag: string

  /** Inserts copies of a provider straight into the database (emails made unique), as an outside
   * writer would. */
  const insertCopies = async (id: number, copies: number) => {
    const row = await suite.db
      .selectFrom('serviceProviders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    // The generated columns (person_name, phone_key) are the database's to fill.
    const { id: _, attributes: _none, personName: _n, phoneKey: _p, ...copy } = row
    for (let done = 0; done < copies; done += 1000) {
      const batch = Array.from({ length: Math.min(copies - done, 1000) }, (_, n) => ({
        ...copy,
        email: `${done + n}.${copy.email}`,
        emailKey: `${done + n}.${copy.emailKey}`,
      }))
      await suite.db.insertInto('serviceProviders').values(batch).execute()
    }
  }

  beforeEach(async () => {
    app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    api = providerApi(app, token)
    tag = uniqueName('tag')
  })

  const brandsOf = (rows: Json[]) => rows.map((row) => row.brandName)

  describe('create, read, update', () => {
    test('a round trip returns every field, categories by name, no images yet', async () => {
      const laundry = await api.category(`${tag} Laundry`)
      const cleaning = await api.category(`${tag} Cleaning`)
      const body = buildProvider({ serviceProviderCategoryIds: [laundry.id, cleaning.id] })
      const created = await api.post(body)
      expect(created.statusCode).toBe(201)
      expect(Object.keys(created.json())).toEqual(['id'])
      const id = created.json().id as number

      const response = await api.get(id)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        id,
        firstName: 'Adaeze',
        lastName: 'Okafor',
        brandName: body.brandName,
        email: body.email,
        phoneNumber: '+234 803 555 0101',
        state: 'Lagos',
        city: 'Ikeja',
        addressLine1: '12 Allen Avenue',
        addressLine2: 'Suite 4',
        about: 'Event catering for up to 500 guests.',
        enabled: true,
        serviceProviderCategories: [cleaning, laundry],
        hasPassportPhoto: false,
        hasBrandLogo: false,
      })
      expect(Object.keys(response.json())).toEqual([
        'id',
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
        'serviceProviderCategories',
        'hasPassportPhoto',
        'hasBrandLogo',
      ])
    })

    test('defaults: enabled, no categories, no second address line; text is trimmed', async () => {
      const {
        enabled: _,
        serviceProviderCategoryIds: __,
        ...body
      } = buildProvider({
        firstName: '  Tunde ',
        about: '\tWe fix pipes.\n',
        addressLine2: undefined,
      })
      const created = await api.post(body)
      expect(created.statusCode).toBe(201)
      expect((await api.get(created.json().id)).json()).toMatchObject({
        firstName: 'Tunde',
        about: 'We fix pipes.',
        addressLine2: null,
        enabled: true,
        serviceProviderCategories: [],
      })
      // A blank second address line is stored as none.
      const blank = await api.create({ addressLine2: '   ' })
      expect((await api.get(blank.id)).json().addressLine2).toBeNull()
    })

    test('PUT replaces every field but the email and the whole category set', async () => {
      const [a, b, c] = [await api.category(), await api.category(), await api.category()]
      const { id, body } = await api.create({ serviceProviderCategoryIds: [a.id, b.id] })
      const changes = {
        ...updateBody(body),
        firstName: 'Ngozi',
        lastName: 'Eze',
        brandName: `${tag} Renamed`,
        phoneNumber: '08035550199',
        state: 'Abuja FCT',
        city: 'Garki',
        addressLine1: '3 Ahmadu Bello Way',
        addressLine2: null,
        about: 'Now doing laundry.',
        enabled: false,
        serviceProviderCategoryIds: [c.id],
      }
      const updated = await api.put(id, changes)
      expect(updated.statusCode).toBe(200)
      const expected = {
        id,
        firstName: 'Ngozi',
        lastName: 'Eze',
        brandName: `${tag} Renamed`,
        email: body.email,
        phoneNumber: '08035550199',
        state: 'Abuja FCT',
        city: 'Garki',
        addressLine1: '3 Ahmadu Bello Way',
        addressLine2: null,
        about: 'Now doing laundry.',
        enabled: false,
        serviceProviderCategories: [c],
        hasPassportPhoto: false,
        hasBrandLogo: false,
      }
      expect(updated.json()).toEqual(expected)
      expect((await api.get(id)).json()).toEqual(expected)

      // Omitted categories mean none (PUT replaces the set).
      const { serviceProviderCategoryIds: _, ...withoutCategories } = changes
      const cleared = await api.put(id, withoutCategories)
      expect(cleared.json().serviceProviderCategories).toEqual([])
    })

    test('an email in a PUT body is never applied, not even one taken by another provider', async () => {
      const other = await api.create()
      const { id, body } = await api.create()
      for (const email of [`${tag}-new@example.com`, other.body.email, 'not an email']) {
        const response = await api.put(id, { ...updateBody(body), email, city: 'Yaba' })
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json()).toMatchObject({ email: body.email, city: 'Yaba' })
      }
      expect((await api.get(id)).json().email).toBe(body.email)
      // The original address is still the one that is taken.
      expectDetail(await api.post(buildProvider({ email: body.email })), 409, DUPLICATE)
      expect((await api.post(buildProvider({ email: `${tag}-new@example.com` }))).statusCode).toBe(
        201,
      )
    })

    test('HTML and SQL in text fields are stored and returned literally', async () => {
      const html = '<img src=x onerror=alert(1)>'
      const sqlText = "'); DROP TABLE service_providers; --"
      const { id } = await api.create({ about: html, brandName: `${tag} ${sqlText}` })
      expect((await api.get(id)).json()).toMatchObject({
        about: html,
        brandName: `${tag} ${sqlText}`,
      })
      expect(brandsOf(await api.rows({ brandName: `${tag} '); drop` }))).toEqual([
        `${tag} ${sqlText}`,
      ])
    })
  })

  describe('duplicate emails', () => {
    test('the same email, in any case, is 409 and creates nothing', async () => {
      const { id, body } = await api.create()
      for (const email of [body.email, body.email.toUpperCase(), `Sp${body.email.slice(2)}`]) {
        const response = await api.post(buildProvider({ email, brandName: `${tag} Copy` }))
        expectDetail(response, 409, DUPLICATE)
      }
      expect(await api.rows({ brandName: `${tag} Copy` })).toEqual([])
      expect((await api.get(id)).json().email).toBe(body.email)
    })

    test('concurrent creates with one email: exactly one succeeds', async () => {
      const email = `${tag}@example.com`
      const responses = await Promise.all(
        [email, email.toUpperCase(), email, email.toUpperCase(), email].map((address) =>
          api.post(buildProvider({ email: address, brandName: `${tag} Racer` })),
        ),
      )
      const statuses = responses.map((response) => response.statusCode).sort()
      expect(statuses).toEqual([201, 409, 409, 409, 409])
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json()).toEqual({ detail: DUPLICATE })
      }
      expect(await api.rows({ brandName: `${tag} Racer` })).toHaveLength(1)
    })
  })

  describe('categories', () => {
    test('unknown category ids are 400 naming the field, on create and on update', async () => {
      const real = await api.category()
      const created = await api.post(
        buildProvider({
          brandName: `${tag} Ghost`,
          serviceProviderCategoryIds: [real.id, 2147483000],
        }),
      )
      expectDetail(
        created,
        400,
        'serviceProviderCategoryIds 2147483000 is not an existing service provider category',
      )
      expect(await api.rows({ brandName: tag })).toEqual([])

      const { id, body } = await api.create({ serviceProviderCategoryIds: [real.id] })
      const updated = await api.put(id, {
        ...updateBody(body),
        firstName: 'Changed',
        serviceProviderCategoryIds: [2147483000, 2147483001],
      })
      expectDetail(
        updated,
        400,
        'serviceProviderCategoryIds 2147483000, 2147483001 are not existing service provider categories',
      )
      // The whole update was rolled back.
      expect((await api.get(id)).json()).toMatchObject({
        firstName: 'Adaeze',
        serviceProviderCategories: [real],
      })
    })

    test('product category ids are not service provider categories', async () => {
      const foreign = 2_000_000_000 + Math.floor(Math.random() * 100_000_000)
      const now = Date.now()
      await suite.db
        .insertInto('productCategories')
        .values({
          id: foreign,
          name: `${tag} Pots`,
          description: 'x',
          parentId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      const response = await api.post(buildProvider({ serviceProviderCategoryIds: [foreign] }))
      expectDetail(
        response,
        400,
        `serviceProviderCategoryIds ${foreign} is not an existing service provider category`,
      )
    })

    test.each<[string, unknown]>([
      ['a string id', ['1']],
      ['a zero id', [0]],
      ['a repeated id', [1, 1]],
      ['not an array', 1],
    ])('%s is 400 naming serviceProviderCategoryIds', async (_, ids) => {
      const response = await api.post(
        buildProvider({ serviceProviderCategoryIds: ids as number[] }),
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toMatch(/^serviceProviderCategoryIds/)
    })
  })

  describe('invalid bodies', () => {
    test.each<[string, Json, string]>([
      ['a missing first name', { firstName: undefined }, 'firstName is required'],
      ['a blank brand name', { brandName: '   ' }, 'brandName must not be blank'],
      ['a missing email', { email: undefined }, 'email is required'],
      ['a malformed email', { email: 'ada@' }, 'email must match format "email"'],
      ['a numeric phone number', { phoneNumber: 8035550101 }, 'phoneNumber must be string'],
      ['a blank about', { about: ' \n' }, 'about must not be blank'],
      ['a string for enabled', { enabled: 'yes' }, 'enabled must be boolean'],
    ])('%s is 400 naming the field', async (_, change, detail) => {
      const withChange = (body: object): Json => {
        const changed: Json = { ...body, ...change }
        for (const key of Object.keys(change)) if (change[key] === undefined) delete changed[key]
        return changed
      }
      expectDetail(await api.post(withChange(buildProvider())), 400, detail)
      if (detail.startsWith('email')) return
      const { id, body } = await api.create()
      expectDetail(await api.put(id, withChange(updateBody(body))), 400, detail)
      expect((await api.get(id)).json().firstName).toBe('Adaeze')
    })
  })

  describe('missing providers', () => {
    test.each([
      ['an id that does not exist', '2147483000'],
      ['a non-numeric id', 'abc'],
      ['zero', '0'],
      ['a negative id', '-1'],
      ['an id beyond the integer range', '99999999999999'],
    ])('GET and PUT with %s are 404', async (_, id) => {
      expectDetail(await api.get(id), 404, NOT_FOUND)
      expectDetail(await api.put(id, updateBody(buildProvider())), 404, NOT_FOUND)
      expectDetail(await api.publicGet(id), 404, NOT_FOUND)
    })
  })

  describe('authentication', () => {
    test('every operator route is 401 without a token or with a wrong one', async () => {
      const { id, body } = await api.create()
      const calls = [
        { method: 'GET' as const, url: PROVIDERS },
        { method: 'GET' as const, url: `${PROVIDERS}/${id}` },
        { method: 'POST' as const, url: PROVIDERS, payload: buildProvider() },
        { method: 'PUT' as const, url: `${PROVIDERS}/${id}`, payload: updateBody(body) },
      ]
      for (const call of calls) {
        const anonymous = await app.inject(call)
        expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401)
        expect(Object.keys(anonymous.json())).toEqual(['detail'])
        const wrong = await app.inject({ ...call, headers: { authorization: 'Bearer nope' } })
        expect(wrong.statusCode, `${call.method} ${call.url}`).toBe(401)
      }
    })
  })

  describe('list filters', () => {
    test('newest first; each row is the full provider with its own categories', async () => {
      const a = await api.category()
      const b = await api.category()
      const first = await api.create({
        brandName: `${tag} One`,
        serviceProviderCategoryIds: [a.id],
      })
      const second = await api.create({ brandName: `${tag} Two` })
      const third = await api.create({
        brandName: `${tag} Three`,
        serviceProviderCategoryIds: [a.id, b.id],
      })
      const rows = await api.rows({ brandName: tag })
      expect(rows.map((row) => row.id)).toEqual([third.id, second.id, first.id])
      expect(rows[0]).toEqual((await api.get(third.id)).json())
      expect(rows.map((row) => row.serviceProviderCategories)).toEqual([
        [a, b].sort((x, y) => x.name.localeCompare(y.name)),
        [],
        [a],
      ])
    })

    test('a narrow filter pages through its matches in every sort; writes show at once', async () => {
      // Copies of one provider straight into the database make the tag rare, so its pages come
      // from its list of matches (isNarrow); the creates through the API come after them.
      await insertCopies((await api.create({ brandName: uniqueName('filler') })).id, 400)
      const made: Array<{ id: number; brand: string }> = []
      for (const brand of ['Delta', 'Alpha', 'Echo', 'Charlie', 'Bravo']) {
        made.push({ id: (await api.create({ brandName: `${tag} ${brand}` })).id, brand })
      }
      const { n: everything } = await suite.db
        .selectFrom('serviceProviders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(isNarrow(made.length, Number(everything))).toBe(true)

      const walk = async (query: Record<string, string>) => {
        const ids: unknown[] = []
        for (let page = 1; ; page += 1) {
          const list = await api.list({
            brandName: tag,
            pageSize: '2',
            page: String(page),
            ...query,
          })
          expect(list.json().pagination.total).toBe(made.length)
          if (list.json().data.length === 0) return ids
          ids.push(...list.json().data.map((provider: Json) => provider.id))
        }
      }
      const byBrand = () =>
        [...made].sort((a, b) => a.brand.localeCompare(b.brand)).map((p) => p.id)
      expect(await walk({})).toEqual(made.map((p) => p.id).reverse())
      expect(await walk({ sort: 'brandName', order: 'asc' })).toEqual(byBrand())
      expect(await walk({ sort: 'brandName', order: 'desc' })).toEqual(byBrand().reverse())

      // A rename through the API moves the row at once; a create joins at once.
      const renamed = made.find((p) => p.brand === 'Echo') as { id: number; brand: string }
      const put = await api.put(
        renamed.id,
        updateBody(buildProvider({ brandName: `${tag} Aaron` })),
      )
      expect(put.statusCode, put.body).toBe(200)
      renamed.brand = 'Aaron'
      made.push({ id: (await api.create({ brandName: `${tag} Zulu` })).id, brand: 'Zulu' })
      expect(await walk({ sort: 'brandName', order: 'asc' })).toEqual(byBrand())
    })

    test('a filter narrow when last seen is listed after a write without counting it first, until it outgrows the list', async () => {
      await insertCopies((await api.create({ brandName: uniqueName('filler') })).id, 400)
      const made: number[] = []
      for (const brand of ['A', 'B', 'C'])
        made.push((await api.create({ brandName: `${tag} ${brand}` })).id)
      const sort = sortRequest({}, providerSorts, 'newest')
      const read = (db: typeof suite.db) =>
        readPage(db, providerList, { brandName: tag }, { page: 1, pageSize: 2 }, sort)
      await expectNarrowAfterWrites(suite.db, made, read, (copies) => insertCopies(made[0], copies))
    })

    test('email is a case-insensitive substring match with literal % and _', async () => {
      await api.create({ brandName: `${tag} A`, email: `${tag}.ada_obi@Example.com` })
      await api.create({ brandName: `${tag} B`, email: `${tag}.adaXobi@example.com` })
      await api.create({ brandName: `${tag} C`, email: `${tag}.bola@example.org` })
      expect(brandsOf(await api.rows({ email: `${tag}.ADA` }))).toEqual([`${tag} B`, `${tag} A`])
      expect(brandsOf(await api.rows({ email: `${tag}.ada_` }))).toEqual([`${tag} A`])
      expect(brandsOf(await api.rows({ email: 'EXAMPLE.ORG', brandName: tag }))).toEqual([
        `${tag} C`,
      ])
      expect(await api.rows({ email: `${tag}%` })).toEqual([])
    })

    test('brandName is a case-insensitive substring match, beyond ASCII, % and _ literal', async () => {
      await api.create({ brandName: `${tag} Àmàlà 100% Kitchen` })
      await api.create({ brandName: `${tag} Amala 1000 kitchen` })
      await api.create({ brandName: `${tag} a_b Laundry` })
      await api.create({ brandName: `${tag} axb Laundry` })
      expect(brandsOf(await api.rows({ brandName: `${tag} àMÀLÀ` }))).toEqual([
        `${tag} Àmàlà 100% Kitchen`,
      ])
      // Accents are not folded: "amala" is another word than "àmàlà".
      expect(brandsOf(await api.rows({ brandName: `${tag} AMALA` }))).toEqual([
        `${tag} Amala 1000 kitchen`,
      ])
      const percent = brandsOf(await api.rows({ brandName: '0% KITCHEN', pageSize: 3000 }))
      expect(percent).toContain(`${tag} Àmàlà 100% Kitchen`)
      expect(percent).not.toContain(`${tag} Amala 1000 kitchen`)
      expect(brandsOf(await api.rows({ brandName: `${tag} a_b` }))).toEqual([`${tag} a_b Laundry`])
      expect(await api.rows({ brandName: `${tag}-absent` })).toEqual([])
    })

    test("personName is a case-insensitive substring of 'First Last', % and _ literal", async () => {
      const ada = await api.create({ brandName: `${tag} A`, firstName: 'Adaeze', lastName: 'Obi' })
      await api.create({ brandName: `${tag} B`, firstName: 'Obinna', lastName: 'Eze' })
      await api.create({ brandName: `${tag} C`, firstName: 'Ngozi', lastName: 'Ada_Okafor' })
      const named = async (personName: string) =>
        brandsOf(await api.rows({ brandName: tag, personName }))
      expect(await named('ADAEZE OBI')).toEqual([`${tag} A`])
      // Across the first and last name, and within each.
      expect(await named('eze o')).toEqual([`${tag} A`])
      expect(await named('obi')).toEqual([`${tag} B`, `${tag} A`])
      expect(await named('ada')).toEqual([`${tag} C`, `${tag} A`])
      expect(await named('a_o')).toEqual([`${tag} C`])
      expect(await named('zi')).toEqual([`${tag} C`])
      expect(await named('Obi%')).toEqual([])
      // Alone (counted from the text index on SQLite), and after a rename.
      const lone = (await api.list({ personName: 'adaeze obi' })).json()
      expect(lone.data.map((row: Json) => row.id)).toContain(ada.id)
      const put = await api.put(
        ada.id,
        updateBody({ ...ada.body, firstName: 'Chiamaka', lastName: 'Obi' }),
      )
      expect(put.statusCode, put.body).toBe(200)
      expect(await named('chiamaka obi')).toEqual([`${tag} A`])
      expect(await named('adaeze')).toEqual([])
      expectDetail(
        await api.list({ personName: 'x'.repeat(201) }),
        400,
        'personName must be at most 200 characters',
      )
    })

    test('phone matches the digits in any spelling: spaces, dashes, +234 or the leading 0', async () => {
      await api.create({ brandName: `${tag} Plus`, phoneNumber: '+234 803 555 0101' })
      await api.create({ brandName: `${tag} Zero`, phoneNumber: '0803-555-0102' })
      await api.create({ brandName: `${tag} Bare`, phoneNumber: '2348035550103' })
      await api.create({ brandName: `${tag} London`, phoneNumber: '+44 (20) 7946 0958' })
      const dialled = async (phone: string) => brandsOf(await api.rows({ brandName: tag, phone }))
      const ours = [`${tag} Bare`, `${tag} Zero`, `${tag} Plus`]
      expect(await dialled('0803 555 010')).toEqual(ours)
      expect(await dialled('+234 803 555 010')).toEqual(ours)
      expect(await dialled('+2348035550102')).toEqual([`${tag} Zero`])
      expect(await dialled('08035550101')).toEqual([`${tag} Plus`])
      expect(await dialled('234 803 555 0103')).toEqual([`${tag} Bare`])
      expect(await dialled('555-0103')).toEqual([`${tag} Bare`])
      expect(await dialled('(0)803')).toEqual(ours)
      expect(await dialled('+44 20 7946')).toEqual([`${tag} London`])
      expect(await dialled('7946 0958')).toEqual([`${tag} London`])
      // Short texts still match (without the trigram index).
      expect(await dialled('58')).toEqual([`${tag} London`])
      // A prefix alone is part of every number: no filter.
      expect(await dialled('+234')).toHaveLength(4)
      expectDetail(
        await api.list({ phone: '0803 CALL ME' }),
        400,
        'phone must be part of a phone number: digits, spaces and + ( ) - . /',
      )
      expectDetail(
        await api.list({ phone: '+' }),
        400,
        'phone must be part of a phone number: digits, spaces and + ( ) - . /',
      )
    })

    test('enabled=true|false, omitted lists both, anything else is 400', async () => {
      await api.create({ brandName: `${tag} On` })
      await api.create({ brandName: `${tag} Off`, enabled: false })
      expect(brandsOf(await api.rows({ brandName: tag, enabled: true }))).toEqual([`${tag} On`])
      expect(brandsOf(await api.rows({ brandName: tag, enabled: false }))).toEqual([`${tag} Off`])
      expect(brandsOf(await api.rows({ brandName: tag }))).toEqual([`${tag} Off`, `${tag} On`])
      expectDetail(await api.list({ enabled: 'yes' }), 400, 'enabled must be true or false')
    })

    test('serviceProviderCategoryId lists the providers that have that category', async () => {
      const plumbing = await api.category()
      const painting = await api.category()
      await api.create({
        brandName: `${tag} Both`,
        serviceProviderCategoryIds: [plumbing.id, painting.id],
      })
      await api.create({ brandName: `${tag} Pipes`, serviceProviderCategoryIds: [plumbing.id] })
      await api.create({ brandName: `${tag} None` })
      const rows = await api.rows({ serviceProviderCategoryId: plumbing.id })
      expect(brandsOf(rows)).toEqual([`${tag} Pipes`, `${tag} Both`])
      // A listed provider still shows all of its categories.
      expect((rows[1].serviceProviderCategories as Json[]).map((c) => c.id).sort()).toEqual(
        [plumbing.id, painting.id].sort(),
      )
      expect(brandsOf(await api.rows({ serviceProviderCategoryId: painting.id }))).toEqual([
        `${tag} Both`,
      ])
      expect(await api.rows({ serviceProviderCategoryId: 2147483000 })).toEqual([])
      expectDetail(
        await api.list({ serviceProviderCategoryId: 'abc' }),
        400,
        'serviceProviderCategoryId must be a positive whole number',
      )
    })

    test('filters combine', async () => {
      const category = await api.category()
      await api.create({ brandName: `${tag} Match`, serviceProviderCategoryIds: [category.id] })
      await api.create({
        brandName: `${tag} Disabled`,
        enabled: false,
        serviceProviderCategoryIds: [category.id],
      })
      await api.create({ brandName: `${tag} Other` })
      const rows = await api.rows({
        brandName: tag,
        enabled: true,
        serviceProviderCategoryId: category.id,
        email: 'example.com',
      })
      expect(brandsOf(rows)).toEqual([`${tag} Match`])
    })

    test('pages: page and pageSize, a page past the end is empty', async () => {
      for (const n of [1, 2, 3, 4, 5]) await api.create({ brandName: `${tag} P${n}` })
      const first = (await api.list({ brandName: tag, pageSize: 2 })).json()
      expect(brandsOf(first.data)).toEqual([`${tag} P5`, `${tag} P4`])
      expect(first.pagination).toEqual({
        page: 1,
        pageSize: 2,
        total: 5,
        totalExact: true,
        totalPages: 3,
        hasPrev: false,
        hasNext: true,
      })
      const last = (await api.list({ brandName: tag, pageSize: 2, page: 3 })).json()
      expect(brandsOf(last.data)).toEqual([`${tag} P1`])
      expect(last.pagination).toMatchObject({ page: 3, hasPrev: true, hasNext: false })
      const past = (await api.list({ brandName: tag, pageSize: 2, page: 9 })).json()
      expect(past.data).toEqual([])
      expect(past.pagination).toMatchObject({ total: 5, hasNext: false })
      const byDefault = (await api.list({ brandName: tag })).json()
      expect(byDefault.pagination).toMatchObject({ page: 1, pageSize: 30, total: 5 })
      expectDetail(await api.list({ page: '0' }), 400, 'page must be a positive whole number')
    })
  })

  describe('public info', () => {
    test('lists enabled providers only, without a token, and only the public fields', async () => {
      const category = await api.category()
      const shown = await api.create({
        brandName: `${tag} Shown`,
        serviceProviderCategoryIds: [category.id],
      })
      await api.create({ brandName: `${tag} Hidden`, enabled: false })
      const response = await api.publicList({ brandName: tag })
      expect(response.statusCode).toBe(200)
      const { data, pagination } = response.json()
      expect(data).toEqual([
        {
          id: shown.id,
          firstName: 'Adaeze',
          lastName: 'Okafor',
          brandName: `${tag} Shown`,
          state: 'Lagos',
          city: 'Ikeja',
          about: 'Event catering for up to 500 guests.',
          serviceProviderCategories: [category],
          hasPassportPhoto: false,
          hasBrandLogo: false,
        },
      ])
      expect(Object.keys(data[0])).toEqual(PUBLIC_KEYS)
      expect(pagination).toMatchObject({ page: 1, pageSize: 30, total: 1 })
      expect(response.body).not.toContain(shown.body.email)
      expect(response.body).not.toContain('Allen Avenue')
      // The phone as stored and as its digits; not '803' alone, which a random tag may hold.
      expect(response.body).not.toContain(shown.body.phoneNumber)
      expect(response.body).not.toContain('8035550101')
    })

    test('enabled=false lists nothing; enabled=true is the default; other filters apply', async () => {
      const category = await api.category()
      await api.create({ brandName: `${tag} Yes`, serviceProviderCategoryIds: [category.id] })
      await api.create({ brandName: `${tag} Also` })
      await api.create({
        brandName: `${tag} No`,
        enabled: false,
        serviceProviderCategoryIds: [category.id],
      })
      expect(await api.rows({ brandName: tag, enabled: false }, true)).toEqual([])
      const none = (await api.publicList({ brandName: tag, enabled: false })).json()
      expect(none.pagination).toMatchObject({ total: 0, totalPages: 1, hasNext: false })
      expect(brandsOf(await api.rows({ brandName: tag, enabled: true }, true))).toEqual([
        `${tag} Also`,
        `${tag} Yes`,
      ])
      expect(brandsOf(await api.rows({ serviceProviderCategoryId: category.id }, true))).toEqual([
        `${tag} Yes`,
      ])
      const paged = (await api.publicList({ brandName: tag, pageSize: 1, page: 2 })).json()
      expect(brandsOf(paged.data)).toEqual([`${tag} Yes`])
      expect(paged.pagination).toMatchObject({ total: 2, totalPages: 2, hasPrev: true })
      // The email filter is not offered publicly: it cannot be used to probe addresses.
      expect(await api.rows({ brandName: tag, email: 'nobody-at-all' }, true)).toHaveLength(2)
      expectDetail(await api.publicList({ enabled: 'maybe' }), 400, 'enabled must be true or false')
    })

    test('one provider: enabled is shown without a token, disabled and missing are 404', async () => {
      const { id, body } = await api.create({ brandName: `${tag} Open` })
      const response = await api.publicGet(id)
      expect(response.statusCode).toBe(200)
      expect(Object.keys(response.json())).toEqual(PUBLIC_KEYS)
      expect(response.json()).toMatchObject({ id, brandName: `${tag} Open` })
      for (const secret of [body.email, '803 555', 'Allen Avenue', 'Suite 4']) {
        expect(response.body).not.toContain(secret)
      }
      // A token changes nothing.
      const withToken = await app.inject({
        method: 'GET',
        url: `${PROVIDERS}/${id}/public-info`,
        headers: api.headers,
      })
      expect(withToken.json()).toEqual(response.json())

      await api.put(id, { ...updateBody(body), enabled: false })
      expectDetail(await api.publicGet(id), 404, NOT_FOUND)
      expect(await api.rows({ brandName: tag }, true)).toEqual([])
      // The operators still see it.
      expect((await api.get(id)).statusCode).toBe(200)
    })

    test('`public-info` is its own route, never read as a provider id', async () => {
      const withToken = await app.inject({
        method: 'GET',
        url: `${PROVIDERS}/public-info`,
        headers: api.headers,
      })
      expect(withToken.statusCode).toBe(200)
      expect(withToken.json()).toHaveProperty('pagination')
      // The operator routes stay protected.
      expect((await app.inject({ method: 'GET', url: `${PROVIDERS}/1` })).statusCode).toBe(401)
      expect(
        (await app.inject({ method: 'PUT', url: `${PROVIDERS}/public-info` })).statusCode,
      ).toBe(401)
    })
  })
})
