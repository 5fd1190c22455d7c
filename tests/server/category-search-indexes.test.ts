import type { FastifyInstance } from 'fastify'
import { type CompiledQuery, type Kysely, sql } from 'kysely'
import { beforeEach, describe, expect, test } from 'vitest'
import { namesMatching, type SearchBounds } from '../../server/categories/category-matches'
import { type CategorySearch, searchCategories } from '../../server/categories/category-search'
import * as migration026 from '../../server/db/migrations/2026-11-27-026-category-search'
import type { Database } from '../../server/db/types'
import { forgetReadCaches } from '../../server/lib/read-cache'
import { CATEGORY_KINDS } from './support/category-kinds'
import { describeEachDatabase, uniqueName } from './support/databases'
import { queryPlan } from './support/query-plan'

// The category search's ways through its indexes (migration 026, decision 029): a prefix read
// as an index range, a rare text's matches sorted, a common text's names walked in order, a
// walk that finds too few falling back to the trigram index, one or two characters walked a
// bounded way. Small bounds reach every way with a few rows; each way must give what a plain
// scan gives, in the same order. The trigram index follows every write, and the migration
// indexes the rows that were there before it. A tree this small is searched in memory (decision
// 031), which must answer what the database does: `keptRows` 0 asks the database.

/** The search's order: the lower-cased name in code point order, then id. */
function byName(a: { name: string; id: number }, b: { name: string; id: number }) {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : a.id - b.id
}

describeEachDatabase('category search through its indexes', (suite) => {
  describe.each(CATEGORY_KINDS)('$title', ({ kind }) => {
    let app: FastifyInstance
    let headers: Record<string, string>
    let tag: string

    beforeEach(async () => {
      app = await suite.makeApp()
      const { token } = await suite.loginAsNewOperator(app)
      headers = { authorization: `Bearer ${token}` }
      tag = uniqueName('idx').replaceAll('-', '')
    })

    /** Categories made in one statement, as a large hierarchy would hold them. */
    async function insert(names: string[]) {
      const now = Date.now()
      const rows = names.map((name) => ({
        name,
        description: 'd',
        parentId: null,
        createdAt: now,
        updatedAt: now,
      }))
      const made = await suite.db
        .insertInto(kind.table)
        .values(rows)
        .returning(['id', 'name'])
        .execute()
      // Written behind the product's back, as a seed script would: the caches are told.
      forgetReadCaches(suite.db)
      return made
    }
    const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id)
    /** The route's answer (from the tree kept in memory), once the database's own agrees. */
    async function searched(q: string) {
      const response = await app.inject({
        method: 'GET',
        url: `${kind.path}/search`,
        headers,
        query: { q, limit: '50' },
      })
      expect(response.statusCode, response.body).toBe(200)
      const inDatabase = await searchCategories(suite.db, kind.table, { q, limit: 50 }, 0)
      expect(ids(response.json().data), q).toEqual(ids(inDatabase))
      return ids(inDatabase)
    }

    test('every way gives a plain scan’s matches in its order: starts, then the rest', async () => {
      const made = await insert([
        `${tag} Zinc`,
        `${tag.toUpperCase()} alpha`,
        `${tag} alpha`,
        `Acme ${tag} Tanks`,
        `zebra ${tag}`,
        `Mid ${tag.toUpperCase()} way`,
        `b ${tag}${tag}`,
        `${tag}`,
        `Nothing to see`,
      ])
      const text = tag.slice(1, -1)
      const holds = (needle: string) =>
        made.filter((row) => row.name.toLowerCase().includes(needle.toLowerCase()))
      const expected = (needle: string, limit: number) => {
        const lowered = needle.toLowerCase()
        const starts = holds(needle).filter((row) => row.name.toLowerCase().startsWith(lowered))
        const later = holds(needle).filter((row) => !row.name.toLowerCase().startsWith(lowered))
        return ids([...starts.sort(byName), ...later.sort(byName)]).slice(0, limit)
      }
      const ways: Array<[string, SearchBounds]> = [
        ['rare: matches sorted', { candidates: 1000, walkRows: 100_000 }],
        ['common: names walked in order', { candidates: 1, walkRows: 100_000 }],
        // Every match is among the index's first (candidates + 1): the sample is all of them.
        ['common, walk too short: the first candidates sorted', { candidates: 8, walkRows: 1 }],
      ]
      for (const [way, bounds] of ways) {
        for (const [needle, limit] of [
          [tag, 50],
          [tag, 4],
          [tag, 2],
          [text, 50],
          [text, 3],
        ] as const) {
          const rows = await namesMatching(suite.db, kind.table, needle, limit, bounds)
          expect(ids(rows), `${way}, ${needle}, ${limit}`).toEqual(expected(needle, limit))
        }
      }
      expect(await searched(tag.toUpperCase())).toEqual(expected(tag, 50))
    })

    test('a common text whose matches lie past the walk: the candidates the index gave first, in order', async () => {
      const names = ['a filler', `z ${tag} 1`, `y ${tag} 2`, `x ${tag} 3`, `w ${tag} 4`]
      const made = await insert(names)
      // Three candidates of four matches; a walk of one name ('a filler') finds none of them.
      const rows = await namesMatching(suite.db, kind.table, tag, 50, {
        candidates: 2,
        walkRows: 1,
      })
      const found = rows.map((row) => row.name)
      expect(found).toHaveLength(3)
      expect(found).toEqual([...found].sort())
      for (const name of found) expect(names.slice(1)).toContain(name)
      // A limit below the candidates keeps the first of them in order.
      const two = await namesMatching(suite.db, kind.table, tag, 2, { candidates: 2, walkRows: 1 })
      expect(two.map((row) => row.name)).toEqual(found.slice(0, 2))
      // Four candidates (one more than 3) of four matches: all of them, in order.
      const all = await namesMatching(suite.db, kind.table, tag, 50, { candidates: 3, walkRows: 1 })
      expect(ids(all)).toEqual(ids([...made.slice(1)].sort(byName)))
    })

    test('one or two characters: starts from the index range, then a bounded walk', async () => {
      // Two characters no other name holds (lower-case in the names: folding beyond ASCII is
      // the database's locale's; the searched text is lower-cased before it is looked for).
      const made = await insert(['a filler', 'æð later', 'x æð', 'æð first', 'y æ'])
      const id = (name: string) => made.find((row) => row.name === name)?.id
      const all = { candidates: 1000, walkRows: 100_000 }
      expect(ids(await namesMatching(suite.db, kind.table, 'ÆÐ', 50, all))).toEqual(
        ['æð first', 'æð later', 'x æð'].map(id),
      )
      expect(ids(await namesMatching(suite.db, kind.table, 'Æ', 50, all))).toEqual(
        ['æð first', 'æð later', 'x æð', 'y æ'].map(id),
      )
      // A walk of one name (the table's first, 'a filler') goes no further: starts only.
      const short = { candidates: 1000, walkRows: 1 }
      expect(ids(await namesMatching(suite.db, kind.table, 'æð', 50, short))).toEqual(
        ['æð first', 'æð later'].map(id),
      )
    })

    test('the trigram index follows a rename, a delete to the trash and a restore', async () => {
      const create = await app.inject({
        method: 'POST',
        url: kind.path,
        headers,
        payload: { name: `Old ${tag} Tanks`, description: 'd', [kind.parentField]: null },
      })
      expect(create.statusCode, create.body).toBe(201)
      const id = create.json().id as number
      expect(await searched(`d ${tag} tan`)).toEqual([id])

      const put = await app.inject({
        method: 'PUT',
        url: `${kind.path}/${id}`,
        headers,
        payload: { name: `New ${tag} Drums`, description: 'd', [kind.parentField]: null },
      })
      expect(put.statusCode, put.body).toBe(200)
      expect(await searched(`d ${tag} tan`)).toEqual([])
      expect(await searched(`w ${tag} dru`)).toEqual([id])

      const gone = await app.inject({ method: 'DELETE', url: `${kind.path}/${id}`, headers })
      expect(gone.statusCode, gone.body).toBe(204)
      expect(await searched(`w ${tag} dru`)).toEqual([])
      const back = await app.inject({ method: 'POST', url: `${kind.path}/${id}/restore`, headers })
      expect(back.statusCode, back.body).toBe(200)
      expect(await searched(`w ${tag} dru`)).toEqual([id])
    })

    test('a tree this small is searched in memory: the database’s answers, one read for many searches', async () => {
      const made = await insert([
        `${tag} Zinc`,
        `Acme ${tag} Tanks`,
        `ÆÐ ${tag}`,
        `x æð ${tag}`,
        `${tag.toUpperCase()} alpha`,
      ])
      const [parent, child] = ids(made)
      await suite.db
        .updateTable(kind.table)
        .set({ parentId: parent })
        .where('id', '=', child)
        .execute()
      forgetReadCaches(suite.db)
      const searches: CategorySearch[] = [
        { q: tag, limit: 50 },
        { q: tag.toUpperCase(), limit: 2 },
        { q: tag.slice(2, 6), limit: 50 },
        { q: 'æð', limit: 50 },
        { q: 'Æ', limit: 3 },
        { q: '', limit: 5 },
        { q: tag, limit: 50, exclude: parent },
        { ids: [made[3].id, child, 999_999_999], limit: 1 },
        { ids: [child], exclude: parent, limit: 5 },
      ]
      for (const search of searches) {
        const inDatabase = await searchCategories(suite.db, kind.table, search, 0)
        expect(
          await searchCategories(suite.db, kind.table, search),
          JSON.stringify(search),
        ).toEqual(inDatabase)
      }
      expect(
        (await searchCategories(suite.db, kind.table, { q: `acme ${tag}`, limit: 5 }))[0],
      ).toEqual({
        id: child,
        name: `Acme ${tag} Tanks`,
        path: [`${tag} Zinc`, `Acme ${tag} Tanks`],
      })
      const statements = await queriesOf(suite.db, async (db) => {
        for (const q of [tag, 'æð', 'zz']) await searchCategories(db, kind.table, { q, limit: 5 })
      })
      expect(statements).toHaveLength(1)
    })

    test('a text ending in the last code point has no upper bound and is still searched', async () => {
      const [made] = await insert([`${tag} \u{10ffff}\u{10ffff} end`])
      expect(await searched(`${tag} \u{10ffff}`)).toEqual([made.id])
      expect(await searched('\u{10ffff}')).toEqual([made.id])
    })

    test('a search reads its indexes: the prefix as a range, other matches through trigrams', async () => {
      await insert([`${tag} one`, `two ${tag}`])
      const queries = await queriesOf(suite.db, (db) =>
        searchCategories(db, kind.table, { q: tag, limit: 20 }, 0),
      )
      const table =
        kind.table === 'productCategories' ? 'product_categories' : 'service_provider_categories'
      const prefix = await queryPlan(suite.db, suite.dialect, queries[0])
      // The name's B-trees would stand in for PostgreSQL's scan of a tiny table (a whole-index
      // walk): dropped for the trigram check (in a transaction rolled back).
      const trigrams = await queryPlan(suite.db, suite.dialect, queries[1], async (trx) => {
        if (suite.dialect === 'postgres') {
          await sql`drop index ${sql.id(`${table}_name_prefix_idx`)}, ${sql.id(`${table}_lower_name_idx`)},
            ${sql.id(`${table}_name_idx`)}`.execute(trx)
        }
      })
      if (suite.dialect === 'sqlite') {
        const range = `SEARCH p USING INDEX ${table}_lower_name_idx (<expr>>? AND <expr><?)`
        expect(prefix).toContain(range)
        expect(trigrams).toMatch(/VIRTUAL TABLE INDEX/)
      } else {
        // A range of the index (index-only, or a bitmap of it on a tiny table), not a filter over
        // all of it.
        expect(prefix).toMatch(new RegExp(`Index (Only )?Scan (using|on) ${table}_name_prefix_idx`))
        expect(prefix).toMatch(/Index Cond: .*>= .* AND .*< /)
        expect(trigrams).toContain(`Bitmap Index Scan on ${table}_name_trgm_idx`)
      }
    })
  })

  test('migration 026 indexes the categories that were there before it', async () => {
    const tag = uniqueName('before').replaceAll('-', '')
    await migration026.down(suite.db)
    try {
      const now = Date.now()
      await suite.db
        .insertInto('productCategories')
        .values({
          name: `Old ${tag} Kegs`,
          description: 'd',
          parentId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
    } finally {
      await migration026.up(suite.db)
    }
    const found = await searchCategories(
      suite.db,
      'productCategories',
      {
        q: `${tag} keg`,
        limit: 5,
      },
      0,
    )
    expect(found.map((match) => match.name)).toEqual([`Old ${tag} Kegs`])
  })
})

/** The statements `work` runs, compiled as the database receives them. */
async function queriesOf(
  db: Kysely<Database>,
  work: (db: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const compiled: CompiledQuery[] = []
  const watched = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      compiled.push(db.getExecutor().compileQuery(node, queryId))
      return node
    },
    transformResult: async ({ result }) => result,
  })
  await work(watched)
  return compiled
}
