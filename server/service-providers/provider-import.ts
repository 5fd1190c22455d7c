// How a CSV row creates or updates a service provider (../imports/): the export's columns read
// back (./provider-export.ts), the route's own body handling and writes. An email must be free,
// in the database and earlier in the file, before anything is written.
import type { ServiceProvider } from '../../types/records'
import type { EntityImport } from '../imports/entity-import'
import { categoryNames } from '../lib/csv-export'
import {
  DUPLICATE_EMAIL,
  type NewProviderBody,
  type ProviderBody,
  toInput,
  toNewProvider,
} from './provider-request'
import { createProvider, emailKey, updateProvider } from './provider-writes'

export const providerImport: EntityImport = {
  body: (record) => {
    const provider = record as unknown as ServiceProvider
    return {
      ...record,
      serviceProviderCategoryIds: provider.serviceProviderCategories.map((category) => category.id),
      serviceProviderCategoryIdsNames: categoryNames(provider.serviceProviderCategories),
    }
  },
  async check(db, body, id, { seen, row }) {
    if (id !== undefined || typeof body.email !== 'string') return []
    const key = `email:${emailKey(body.email)}`
    const earlier = seen.get(key)
    if (earlier !== undefined) {
      return [{ field: 'email', detail: `${DUPLICATE_EMAIL} (on row ${earlier})` }]
    }
    seen.set(key, row)
    const taken = await db
      .selectFrom('serviceProviders')
      .select('id')
      .where('emailKey', '=', emailKey(body.email))
      .executeTakeFirst()
    return taken ? [{ field: 'email', detail: DUPLICATE_EMAIL }] : []
  },
  create: (trx, body, attributes, audit) =>
    createProvider(trx, toNewProvider(body as unknown as NewProviderBody), attributes, audit),
  update: async (trx, id, body, attributes, audit) => {
    await updateProvider(trx, id, toInput(body as unknown as ProviderBody), attributes, audit)
  },
}
