// What a product's version holds beside its fields (decision 022): its images and its preview.
// Restoring the version right after history entry `to` puts back the images it had that were
// deleted since (kept by ../images/kept-images.ts, with their ids), each recorded as
// `image-add`, and makes its preview the preview again (`image-preview`). Images added since
// stay, as fields added since do; an image's own edits (name, description) are not undone.
import type { FastifyInstance } from 'fastify'
import type { Transaction } from 'kysely'
import type { Database } from '../db/types'
import type { EntityUpdate } from '../entity'
import { type KeptImage, keptSince } from '../images/kept-images'
import { customFields } from '../lib/custom-fields'
import { auditor, entriesAfter, type RecordedEntry } from '../lib/history'
import { insertRows } from '../trash/trash-rows'
import { operatorImageAudit, productAudit } from './product-audit'
import { lockProduct, setPreviewIn } from './product-image-queries'

export function productPartsRestorer(app: FastifyInstance): EntityUpdate['restoreParts'] {
  const { current } = productAudit(customFields(app, 'product', 'products'))
  const imageAudit = operatorImageAudit(customFields(app, 'product-image', 'productImages'))
  return async (trx, id, to, operatorId) => {
    if (!(await lockProduct(trx, id))) return
    const record = { entity: 'product', id }
    const kept = (await keptSince(trx, record, to)).filter((k) => k.partTable === 'productImages')
    const later = await entriesAfter(trx, 'product', id, to)
    const audit = imageAudit(operatorId, id)
    for (const image of firstRemovals(kept)) {
      const imageId = Number(image.row.id)
      if (addedSince(later, imageId, image.retiredBy) || (await imageExists(trx, imageId))) continue
      // Not the preview yet: the product's preview is set below, one at a time.
      await insertRows(trx, 'productImages', [{ ...image.row, isPreview: 0 }])
      await audit.record(trx, 'image-add', imageId, undefined)
    }
    const preview = previewOf(later, kept)
    if (preview === undefined) return
    const row = await trx
      .selectFrom('products')
      .select('previewImageId')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row || row.previewImageId === preview) return
    // An image deleted before images were kept cannot come back: the preview stays as it is.
    if (preview !== null && !(await imageExists(trx, preview))) return
    await setPreviewIn(trx, id, preview, auditor(operatorId, 'product', current))
  }
}

/** Each image's first removal after the version: it was as that removal found it. */
function firstRemovals(kept: KeptImage[]): KeptImage[] {
  const seen = new Set<number>()
  return kept.filter((image) => {
    const imageId = Number(image.row.id)
    if (seen.has(imageId)) return false
    seen.add(imageId)
    return true
  })
}

/** Added after the version (and removed again before `retiredBy`): the version never had it. */
function addedSince(later: RecordedEntry[], imageId: number, retiredBy: number): boolean {
  return later.some((e) => e.action === 'image-add' && e.partId === imageId && e.id < retiredBy)
}

/**
 * The version's preview image id (null: none), or undefined when no later entry changed the
 * preview. The first later change says what it was: a preview change says it before, and a
 * removal of the preview image (which clears the product's preview) names that image.
 */
function previewOf(later: RecordedEntry[], kept: KeptImage[]): number | null | undefined {
  const removedPreviews = new Map(
    kept
      .filter((image) => Number(image.row.isPreview) === 1)
      .map((image) => [image.retiredBy, Number(image.row.id)]),
  )
  for (const entry of later) {
    const change = entry.action === 'image-preview' ? entry.changes.previewImageId : undefined
    if (change) return (change.before as number | null) ?? null
    const removed = removedPreviews.get(entry.id)
    if (removed !== undefined) return removed
  }
  return undefined
}

async function imageExists(trx: Transaction<Database>, imageId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('productImages')
    .select('id')
    .where('id', '=', imageId)
    .executeTakeFirst()
  return row !== undefined
}
