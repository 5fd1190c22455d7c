// What anyone may see of a provider, without a token: enabled providers only, and never their
// email, phone number or address lines.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { ok, pathParams } from '../lib/responses'
import { readPage } from '../lists/list-engine'
import {
  booleanFilter,
  idFilter,
  pageRequest,
  pagination,
  type RawQuery,
  textFilter,
} from '../lists/list-params'
import { providerSorts, sortRequest } from '../lists/sorts'
import { findProvider, type Provider, providerList } from './provider-queries'
import { BASE_PATH, NOT_FOUND, providerId, publicInfoListQuery } from './provider-request'

/** The public fields, picked one by one so a field added to Provider stays private. */
export function toPublicInfo(provider: Provider) {
  return {
    id: provider.id,
    firstName: provider.firstName,
    lastName: provider.lastName,
    brandName: provider.brandName,
    state: provider.state,
    city: provider.city,
    about: provider.about,
    serviceProviderCategories: provider.serviceProviderCategories,
    hasPassportPhoto: provider.hasPassportPhoto,
    hasBrandLogo: provider.hasBrandLogo,
  }
}

export function registerPublicInfoRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const config = { public: true }

  // A static segment: the router prefers it to `/:id`, so `public-info` is never taken for an id.
  const schema = { querystring: publicInfoListQuery, response: ok.page }
  app.get(`${BASE_PATH}/public-info`, { config, schema }, async (request) => {
    const query = request.query as RawQuery
    const page = pageRequest(query)
    const sort = sortRequest(query, providerSorts, 'newest')
    const filter = {
      brandName: textFilter(query, 'brandName'),
      categoryId: idFilter(query, 'serviceProviderCategoryId'),
    }
    // Disabled providers are never listed: `enabled=false` asks for nothing that can be shown.
    if (booleanFilter(query, 'enabled') === false) {
      return { data: [], pagination: pagination(page, 0) }
    }
    const read = await readPage(db, providerList, { ...filter, enabled: true }, page, sort)
    return { data: read.rows.map(toPublicInfo), pagination: pagination(page, read.total, read) }
  })

  const one = { params: pathParams('id'), response: ok.record }
  app.get(`${BASE_PATH}/:id/public-info`, { config, schema: one }, async (request) => {
    const provider = await findProvider(db, providerId(request.params))
    if (!provider?.enabled) throw new HttpError(404, NOT_FOUND)
    return toPublicInfo(provider)
  })
}
