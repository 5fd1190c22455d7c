// What a provider's version holds beside its fields (decision 022): its passport photo and brand
// logo. Restoring the version right after history entry `to` puts each back as it was then: the
// image replaced or removed since (kept by ../images/kept-images.ts) is stored again, recorded
// as an upload; one uploaded since onto none is removed, recorded as a removal. An image
// replaced before images were kept cannot come back: it stays as it is.
import type { FastifyInstance } from 'fastify'
import type { ProviderImageKind } from '../db/types'
import type { EntityUpdate } from '../entity'
import { keptSince } from '../images/kept-images'
import { customFields } from '../lib/custom-fields'
import { auditor, entriesAfter } from '../lib/history'
import { providerAudit } from './provider-audit'
import {
  imageActions,
  type ProviderImageColumns,
  putProviderImage,
  removeProviderImage,
} from './provider-image-queries'

/** The flag GET shows for each kind: an upload onto none changes it from false. */
const FLAGS: Record<ProviderImageKind, string> = {
  'passport-photo': 'hasPassportPhoto',
  'brand-logo': 'hasBrandLogo',
}
const KINDS = Object.keys(FLAGS) as ProviderImageKind[]

export function providerPartsRestorer(app: FastifyInstance): EntityUpdate['restoreParts'] {
  const { current } = providerAudit(customFields(app, 'service-provider', 'serviceProviders'))
  return async (trx, id, to, operatorId) => {
    const record = { entity: 'service-provider', id }
    const kept = await keptSince(trx, record, to)
    const later = await entriesAfter(trx, 'service-provider', id, to)
    const audit = auditor(operatorId, 'service-provider', current)
    for (const kind of KINDS) {
      // The first upload or removal of this kind since the version found the version's image.
      const first = later.find((entry) => imageActions(kind).includes(entry.action))
      if (!first) continue
      const image = kept.find(
        (k) => k.retiredBy === first.id && k.partTable === 'providerImages' && k.row.kind === kind,
      )
      if (image) {
        const { providerId: _, kind: __, ...columns } = image.row
        const stored = { ...(columns as ProviderImageColumns), updatedAt: Date.now() }
        await putProviderImage(trx, id, kind, stored, audit)
      } else if (first.changes[FLAGS[kind]]?.before === false) {
        await removeProviderImage(trx, id, kind, audit)
      }
    }
  }
}
