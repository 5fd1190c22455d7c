// Creating and updating service providers: the provider row and its category links change
// together, in one transaction.
import { isUniqueViolation } from '../db/constraint-errors'
import { inTransaction } from '../db/transaction'
import type { Db } from '../db/types'
import {
  linkCategories,
  missingCategoryIds,
  providerLinks,
  replaceCategoryLinks,
} from '../lib/category-links'
import { type AttributesWrite, saveAttributes } from '../lib/custom-fields'
import type { Audit } from '../lib/history'
import { findProvider, type Provider } from './provider-queries'

/** The fields PUT may change: everything but the email. */
export interface ProviderInput {
  firstName: string
  lastName: string
  brandName: string
  phoneNumber: string
  state: string
  city: string
  addressLine1: string
  addressLine2: string | null
  about: string
  enabled: boolean
  categoryIds: number[]
}

export interface NewProvider extends ProviderInput {
  email: string
}

/** Some of the given category ids name no service-provider category. */
export class UnknownCategoriesError extends Error {
  constructor(readonly ids: number[]) {
    super(`unknown service provider categories ${ids.join(', ')}`)
    this.name = 'UnknownCategoriesError'
  }
}

/** Another provider already has this email (in any case). */
export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate service provider email')
    this.name = 'DuplicateEmailError'
  }
}

export async function createProvider(
  db: Db,
  input: NewProvider,
  attributes?: AttributesWrite,
  audit?: Audit,
): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertCategoriesExist(trx, input.categoryIds)
      const now = Date.now()
      const row = await trx
        .insertInto('serviceProviders')
        .values({
          ...providerValues(input),
          email: input.email,
          emailKey: emailKey(input.email),
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await linkCategories(trx, providerLinks, row.id, input.categoryIds)
      await saveAttributes(trx, row.id, attributes)
      await audit?.record(trx, 'create', row.id, undefined)
      return row.id
    })
  } catch (error) {
    // The unique index decides, so two creates racing with one email cannot both succeed.
    if (isUniqueViolation(error, 'service_providers', 'email_key')) throw new DuplicateEmailError()
    throw error
  }
}

/** The updated provider, or undefined when it does not exist. The email never changes. */
export async function updateProvider(
  db: Db,
  id: number,
  input: ProviderInput,
  attributes?: AttributesWrite,
  audit?: Audit,
): Promise<Provider | undefined> {
  return inTransaction(db, async (trx) => {
    const before = await audit?.snapshot(trx, id)
    // Updating the row first also locks it (PostgreSQL), so two PUTs of one provider replace
    // its categories one after the other instead of colliding on the link table.
    const updated = await trx
      .updateTable('serviceProviders')
      .set({ ...providerValues(input), updatedAt: Date.now() })
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return undefined
    await assertCategoriesExist(trx, input.categoryIds)
    await replaceCategoryLinks(trx, providerLinks, id, input.categoryIds)
    await saveAttributes(trx, id, attributes)
    await audit?.record(trx, 'update', id, before)
    return findProvider(trx, id)
  })
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

/** The columns a create and an update both write. */
export function providerValues(input: ProviderInput) {
  const { categoryIds: _, enabled, ...text } = input
  return { ...text, enabled: enabled ? 1 : 0 }
}

/** An UnknownCategoriesError when one of these ids names no category. */
export async function assertCategoriesExist(db: Db, ids: number[]) {
  const missing = await missingCategoryIds(db, providerLinks.categories, ids)
  if (missing.length > 0) throw new UnknownCategoriesError(missing)
}
