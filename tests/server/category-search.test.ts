import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, test } from 'vitest'
import { MAX_SEARCH_LIMIT } from '../../server/categories/category-routes'
import { CATEGORY_KINDS } from './support/category-kinds'
import { describeEachDatabase, uniqueName } from './support/databases'
import { expectDetail, type Json } from './support/requests'

// The pickers' search (decision 015): categories by name or by id, each with its full path, on
// both hierarchies and both databases. Each test tags its names (`uniqueName`) and searches for
// the tag, since tests share one database per file.

describeEachDatabase('category search', (suite) => {
  describe.each(CATEGORY_KINDS)('$title', ({ kind }) => {
    let app: FastifyInstance
    let headers: Record<string, string>
    let tag: string

    beforeEach(async () => {
      app = await suite.makeApp()
      const { token } = await suite.loginAsNewOperator(app)
      headers = { authorization: `Bearer ${token}` }
      tag = uniqueName('pick')
    })

    async function create(name: string, parent: number | null = null) {
      const payload = { name, description: 'd', [kind.parentField]: parent }
      const response = await app.inject({ method: 'POST', url: kind.path, headers, payload })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().id as number
    }
    const search = (query: Record<string, string>) =>
      app.inject({ method: 'GET', url: `${kind.path}/search`, headers, query })
    async function found(query: Record<string, string>) {
      const response = await search(query)
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data as Json[]
    }

    /** Home › Cleaning › Tanks, and a sibling Tank Covers at the top. */
    async function tree() {
      const home = await create(`${tag} Home`)
      const cleaning = await create(`${tag} Cleaning`, home)
      const tanks = await create(`${tag} Tanks`, cleaning)
      const covers = await create(`Covers ${tag} tanks`)
      return { home, cleaning, tanks, covers }
    }

    test('a name matches case-insensitively, prefixes first, each with its full path', async () => {
      const { home, cleaning, tanks, covers } = await tree()
      expect(await found({ q: `${tag} TANK` })).toEqual([
        {
          id: tanks,
          name: `${tag} Tanks`,
          path: [`${tag} Home`, `${tag} Cleaning`, `${tag} Tanks`],
        },
        { id: covers, name: `Covers ${tag} tanks`, path: [`Covers ${tag} tanks`] },
      ])
      const all = await found({ q: tag })
      expect(all.map((row) => row.id)).toEqual([cleaning, home, tanks, covers])
    })

    test('ids answer those categories with their paths, unknown ids left out', async () => {
      const { home, tanks } = await tree()
      const rows = await found({ ids: `${tanks},${home},2147483647,9999999999` })
      expect(rows).toEqual([
        { id: home, name: `${tag} Home`, path: [`${tag} Home`] },
        {
          id: tanks,
          name: `${tag} Tanks`,
          path: [`${tag} Home`, `${tag} Cleaning`, `${tag} Tanks`],
        },
      ])
    })

    test('exclude leaves out a category and its descendants (a parent picker’s own)', async () => {
      const { home, cleaning, covers } = await tree()
      const rows = await found({ q: tag, exclude: String(cleaning) })
      expect(rows.map((row) => row.id)).toEqual([home, covers])
    })

    test('limit caps the matches (at most the maximum), % and _ match only themselves', async () => {
      for (let i = 0; i < 3; i += 1) await create(`${tag} x${i}`)
      expect(await found({ q: tag, limit: '2' })).toHaveLength(2)
      const capped = await search({ limit: String(MAX_SEARCH_LIMIT + 50) })
      expect(capped.json().data.length).toBeLessThanOrEqual(MAX_SEARCH_LIMIT)
      expect(await found({ q: `${tag}%` })).toEqual([])
      expect(await found({ q: `${tag.slice(0, -1)}_` })).toEqual([])
    })

    test('bad parameters are 400 with the parameter named; no token is 401', async () => {
      const idsDetail = 'ids must be up to 100 positive whole numbers separated by commas'
      expectDetail(await search({ ids: '1,x' }), 400, idsDetail)
      expectDetail(await search({ ids: '0' }), 400, idsDetail)
      const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',')
      expect((await search({ ids: tooMany })).statusCode).toBe(400)
      expect((await search({ exclude: 'abc' })).statusCode).toBe(400)
      expect((await search({ limit: '0' })).statusCode).toBe(400)
      expect((await search({ q: 'a\u0000' })).statusCode).toBe(400)
      const anonymous = await app.inject({ method: 'GET', url: `${kind.path}/search?q=a` })
      expect(anonymous.statusCode).toBe(401)
    })
  })
})
