// Creating and updating many service providers at once (a CSV import's batch, ../imports/): the
// rows, category links and custom fields ./provider-writes.ts writes for one provider, in a few
// multi-row statements for the whole batch. The import records their history.
import { isUniqueViolation } from '../db/constraint-errors'
import { type ColumnKind, changedValues, idsInRowOrder, updateRows } from '../db/multi-row'
import type { Db } from '../db/types'
import {
  linkOwners,
  ownersWithOtherLinks,
  providerLinks,
  replaceOwnersLinks,
} from '../lib/category-links'
import { type AttributesWrite, mergedAttributes, newAttributes } from '../lib/custom-fields'
import {
  assertCategoriesExist,
  DuplicateEmailError,
  emailKey,
  type NewProvider,
  type ProviderInput,
  providerValues,
} from './provider-writes'

export interface ProviderCreate {
  input: NewProvider
  attributes: AttributesWrite
}

export interface ProviderChange {
  id: number
  input: ProviderInput
  attributes: AttributesWrite
}

const allCategories = (inputs: ProviderInput[]) => [
  ...new Set(inputs.flatMap((input) => input.categoryIds)),
]

/** New providers, as `createProvider` makes each; their ids in the order given. */
export async function createProviders(db: Db, providers: ProviderCreate[]): Promise<number[]> {
  if (providers.length === 0) return []
  await assertCategoriesExist(db, allCategories(providers.map(({ input }) => input)))
  const now = Date.now()
  try {
    const returned = await db
      .insertInto('serviceProviders')
      .values(
        providers.map(({ input, attributes }) => ({
          ...providerValues(input),
          email: input.email,
          emailKey: emailKey(input.email),
          createdAt: now,
          updatedAt: now,
          ...newAttributes(attributes),
        })),
      )
      .returning('id')
      .execute()
    const ids = idsInRowOrder(returned)
    await linkOwners(
      db,
      providerLinks,
      ids.map((ownerId, index) => ({ ownerId, categoryIds: providers[index].input.categoryIds })),
    )
    return ids
  } catch (error) {
    if (isUniqueViolation(error, 'service_providers', 'email_key')) throw new DuplicateEmailError()
    throw error
  }
}

const COLUMNS: Record<string, ColumnKind> = {
  firstName: 'text',
  lastName: 'text',
  brandName: 'text',
  phoneNumber: 'text',
  state: 'text',
  city: 'text',
  addressLine1: 'text',
  addressLine2: 'text',
  about: 'text',
  enabled: 'integer',
  updatedAt: 'bigint',
  attributes: 'json',
}

/** Existing providers changed as `updateProvider` changes each (the email never changes); only
 * the columns and links that differ are written. */
export async function updateProviders(db: Db, changes: ProviderChange[]): Promise<void> {
  if (changes.length === 0) return
  await assertCategoriesExist(db, allCategories(changes.map(({ input }) => input)))
  const ids = changes.map((change) => change.id)
  const stored = new Map(
    (await db.selectFrom('serviceProviders').selectAll().where('id', 'in', ids).execute()).map(
      (row) => [row.id, row as Record<string, unknown>],
    ),
  )
  const attributes = await mergedAttributes(db, changes)
  const updatedAt = Date.now()
  const rows = changes.map(({ id, input }) => {
    const wanted: Record<string, unknown> = { ...providerValues(input) }
    if (attributes.has(id)) wanted.attributes = attributes.get(id)
    return { id, set: { ...changedValues(stored.get(id) ?? {}, wanted), updatedAt } }
  })
  await updateRows(db, 'serviceProviders', COLUMNS, rows)
  const owners = changes.map(({ id, input }) => ({ ownerId: id, categoryIds: input.categoryIds }))
  await replaceOwnersLinks(db, providerLinks, await ownersWithOtherLinks(db, providerLinks, owners))
}
