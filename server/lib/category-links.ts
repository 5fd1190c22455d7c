// Products and service providers each link to their own category table through a link table of
// (owner id, category id) pairs. Reading, checking and writing those links works the same for
// both, so it lives here once; `productLinks` and `providerLinks` name the tables.

import type { ColumnType, Generated, Kysely } from 'kysely'
import type { CategoryTableName, Db } from '../db/types'

export interface CategoryRef {
  id: number
  name: string
}

/** One owner kind's link table, its owner-id column and the category table it points into. */
export interface CategoryLinks {
  table: 'productCategoryLinks' | 'serviceProviderCategoryLinks'
  ownerColumn: 'productId' | 'providerId'
  categories: CategoryTableName
}

export const productLinks: CategoryLinks = {
  table: 'productCategoryLinks',
  ownerColumn: 'productId',
  categories: 'productCategories',
}

export const providerLinks: CategoryLinks = {
  table: 'serviceProviderCategoryLinks',
  ownerColumn: 'providerId',
  categories: 'serviceProviderCategories',
}

// Kysely checks names against each table's own type, which cannot follow a table picked at run
// time; both link tables fit this one view, so the queries below use it.
// (The category columns are optional on insert, which only ever targets a link table.)
interface LinkViewColumns {
  ownerId: number
  categoryId: number
  id: Generated<number>
  name: ColumnType<string, string | undefined, string>
}
type LinkView = Kysely<Record<string, LinkViewColumns>>

function linkView(db: Db): LinkView {
  return db as unknown as LinkView
}

/** The categories of these owners, by owner id, each list ordered by name. One query. */
export async function categoriesOf(
  db: Db,
  links: CategoryLinks,
  ownerIds: number[],
): Promise<Map<number, CategoryRef[]>> {
  const byOwner = new Map<number, CategoryRef[]>()
  if (ownerIds.length === 0) return byOwner
  const rows = await linkView(db)
    .selectFrom(`${links.table} as l`)
    .innerJoin(`${links.categories} as c`, 'c.id', 'l.categoryId')
    .select([`l.${links.ownerColumn} as ownerId` as 'l.ownerId', 'c.id', 'c.name'])
    .where(`l.${links.ownerColumn}` as 'l.ownerId', 'in', ownerIds)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute()
  for (const { ownerId, id, name } of rows) {
    const list = byOwner.get(ownerId) ?? []
    list.push({ id, name })
    byOwner.set(ownerId, list)
  }
  return byOwner
}

/** The given ids that name no category in this table (empty when all exist). */
export async function missingCategoryIds(
  db: Db,
  table: CategoryTableName,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return []
  const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute()
  const known = new Set(found.map((row) => row.id))
  return ids.filter((id) => !known.has(id))
}

/** Links an owner to these categories (duplicates once). */
export async function linkCategories(
  db: Db,
  links: CategoryLinks,
  ownerId: number,
  categoryIds: number[],
) {
  await linkOwners(db, links, [{ ownerId, categoryIds }])
}

/** Replaces all of an owner's category links with these. */
export async function replaceCategoryLinks(
  db: Db,
  links: CategoryLinks,
  ownerId: number,
  categoryIds: number[],
) {
  await replaceOwnersLinks(db, links, [{ ownerId, categoryIds }])
}

export interface OwnerCategories {
  ownerId: number
  categoryIds: number[]
}

/** Links per INSERT: two columns each, far below either database's limit of parameters. */
const LINKS_PER_INSERT = 5000

/** Links each owner to its categories (duplicates once), many owners in a few statements. */
export async function linkOwners(db: Db, links: CategoryLinks, owners: OwnerCategories[]) {
  const values = owners.flatMap(({ ownerId, categoryIds }) =>
    [...new Set(categoryIds)].map((categoryId) => ({
      [links.ownerColumn as 'ownerId']: ownerId,
      categoryId,
    })),
  )
  for (let start = 0; start < values.length; start += LINKS_PER_INSERT) {
    await linkView(db)
      .insertInto(links.table)
      .values(values.slice(start, start + LINKS_PER_INSERT))
      .execute()
  }
}

/** Those of these owners whose links are not already exactly theirs (one query). */
export async function ownersWithOtherLinks(
  db: Db,
  links: CategoryLinks,
  owners: OwnerCategories[],
): Promise<OwnerCategories[]> {
  if (owners.length === 0) return []
  const rows = await linkView(db)
    .selectFrom(`${links.table} as l`)
    .select([`l.${links.ownerColumn} as ownerId` as 'l.ownerId', 'l.categoryId'])
    .where(
      `l.${links.ownerColumn}` as 'l.ownerId',
      'in',
      owners.map((owner) => owner.ownerId),
    )
    .execute()
  const stored = new Map<number, Set<number>>()
  for (const { ownerId, categoryId } of rows) {
    stored.set(ownerId, (stored.get(ownerId) ?? new Set()).add(categoryId))
  }
  return owners.filter(({ ownerId, categoryIds }) => {
    const now = stored.get(ownerId) ?? new Set()
    const wanted = new Set(categoryIds)
    return wanted.size !== now.size || [...wanted].some((id) => !now.has(id))
  })
}

/** Replaces all of these owners' category links with theirs. */
export async function replaceOwnersLinks(db: Db, links: CategoryLinks, owners: OwnerCategories[]) {
  if (owners.length === 0) return
  await linkView(db)
    .deleteFrom(links.table)
    .where(
      links.ownerColumn as 'ownerId',
      'in',
      owners.map((owner) => owner.ownerId),
    )
    .execute()
  await linkOwners(db, links, owners)
}
