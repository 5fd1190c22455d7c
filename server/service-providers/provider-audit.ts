// How a provider's writes record their history: the provider as GET shows it, custom fields
// included, before and after. Its photo and logo count as the provider's.
import type { Db } from '../db/types'
import type { CustomFields } from '../lib/custom-fields'
import { requestAudit } from '../lib/request-audit'
import { findProvider } from './provider-queries'

export function providerAudit(custom: CustomFields) {
  /** The provider as GET answers it; undefined when it does not exist. */
  const current = async (db: Db, id: number) => {
    const provider = await findProvider(db, id)
    return provider && custom.show(db, provider)
  }
  return { current, audit: requestAudit('service-provider', current) }
}
