// How CSV rows create or update service providers (../imports/): the export's columns read back
// (./provider-export.ts), the route's own body handling and batch writes. A new provider's email
// must be free, in the database and earlier in the file, before anything is written: checked a
// batch at a time.
import type { ServiceProvider } from '../../types/records'
import type { EntityImport } from '../imports/entity-import'
import { categoryNames } from '../lib/csv-export'
import { createProviders, updateProviders } from './provider-batch-writes'
import {
  DUPLICATE_EMAIL,
  type NewProviderBody,
  type ProviderBody,
  toInput,
  toNewProvider,
} from './provider-request'
import { emailKey } from './provider-writes'

export const providerImport: EntityImport = {
  body: (record) => {
    const provider = record as unknown as ServiceProvider
    return {
      ...record,
      serviceProviderCategoryIds: provider.serviceProviderCategories.map((category) => category.id),
      serviceProviderCategoryIdsNames: categoryNames(provider.serviceProviderCategories),
    }
  },
  async check(db, rows, { seen }) {
    const keyOf = (body: Record<string, unknown>) =>
      typeof body.email === 'string' ? emailKey(body.email) : undefined
    const keys = rows.flatMap(({ id, body }) => (id === undefined ? (keyOf(body) ?? []) : []))
    const taken = new Set<string>()
    if (keys.length > 0) {
      const found = await db
        .selectFrom('serviceProviders')
        .select('emailKey')
        .where('emailKey', 'in', [...new Set(keys)])
        .execute()
      for (const row of found) taken.add(row.emailKey)
    }
    return rows.map(({ id, body, row }) => {
      const key = keyOf(body)
      if (id !== undefined || key === undefined) return []
      const earlier = seen.get(`email:${key}`)
      if (earlier !== undefined) {
        return [{ field: 'email', detail: `${DUPLICATE_EMAIL} (on row ${earlier})` }]
      }
      seen.set(`email:${key}`, row)
      return taken.has(key) ? [{ field: 'email', detail: DUPLICATE_EMAIL }] : []
    })
  },
  create: (trx, records) =>
    createProviders(
      trx,
      records.map(({ body, attributes }) => ({
        input: toNewProvider(body as unknown as NewProviderBody),
        attributes,
      })),
    ),
  update: (trx, records) =>
    updateProviders(
      trx,
      records.map(({ id, body, attributes }) => ({
        id,
        input: toInput(body as unknown as ProviderBody),
        attributes,
      })),
    ),
}
