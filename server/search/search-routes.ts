// GET /api/search?q=…&limit=…: the top bar's search over every entity whose descriptor says how
// it is searched (`Entity.search`), a few hits per collection, grouped in the entities' order;
// collections without a hit are left out (decision 026).
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ } from '../auth/rights'
import type { Database, Db } from '../db/types'
import type { Entity } from '../entity'
import { positiveWhole, querySchema, textParam } from '../lib/query-schema'
import { positiveInteger, type RawQuery, single } from '../lists/list-params'
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, MIN_SEARCH_LENGTH, type SearchHit } from './search'

const searchQuery = {
  ...querySchema({
    q: {
      ...textParam,
      minLength: MIN_SEARCH_LENGTH,
      'x-detail': {
        ...(textParam['x-detail'] as Record<string, string>),
        minLength: `must be at least ${MIN_SEARCH_LENGTH} characters`,
      },
    },
    limit: {
      ...positiveWhole,
      description: `Hits per collection (default ${DEFAULT_SEARCH_LIMIT}, at most ${MAX_SEARCH_LIMIT})`,
    },
  }),
  required: ['q'],
}

const hit = {
  type: 'object',
  required: ['id', 'name', 'detail', 'collection'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'The name to show (a provider: its brand)' },
    detail: {
      type: ['string', 'null'],
      description:
        "A second line: a product's provider, a category's parents, a provider's person and contacts",
    },
    collection: {
      type: 'string',
      description: 'e.g. `products`: the record is /api/products/{id}',
    },
  },
}

const searchAnswer = {
  200: {
    description:
      'Matches by collection, newest first from three characters on (anywhere in the text), ' +
      'alphabetical for two (names starting with them); collections without a match left out',
    type: 'object',
    required: ['groups'],
    properties: {
      groups: {
        type: 'array',
        items: {
          type: 'object',
          required: ['collection', 'hits'],
          properties: { collection: { type: 'string' }, hits: { type: 'array', items: hit } },
        },
      },
    },
  },
}

export function registerSearchRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  entities: readonly Entity[],
) {
  const schema = { querystring: searchQuery, response: searchAnswer }
  app.get('/api/search', { config: READ, schema }, async (request) => {
    const query = request.query as RawQuery
    const text = single(query, 'q') as string
    const limit = Math.min(
      positiveInteger(query, 'limit') ?? DEFAULT_SEARCH_LIMIT,
      MAX_SEARCH_LIMIT,
    )
    return { groups: await searchEverything(db, entities, text, limit) }
  })
}

export interface SearchGroup {
  /** e.g. `products`. */
  collection: string
  hits: Array<SearchHit & { collection: string }>
}

/** The hits of every searchable entity, in the entities' order; those without a hit left out. */
export async function searchEverything(
  db: Db,
  entities: readonly Entity[],
  text: string,
  limit: number,
): Promise<SearchGroup[]> {
  const found = await Promise.all(
    entities.map(async ({ collection, search }) => {
      const name = collection.replace(/^\/api\//, '')
      const hits = search ? await search.find(db, text, limit) : []
      return { collection: name, hits: hits.map((hit) => ({ ...hit, collection: name })) }
    }),
  )
  return found.filter((group) => group.hits.length > 0)
}
