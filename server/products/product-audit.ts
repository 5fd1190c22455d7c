// How a product's writes record their history: the product as GET shows it, custom fields
// included, before and after. Its images' changes are the product's too, each read as GET shows
// the image (without the ids the history entry already holds).
import type { FastifyRequest } from 'fastify'
import { requireOperator } from '../auth/authenticate'
import type { Db } from '../db/types'
import type { CustomFields } from '../lib/custom-fields'
import { type Audit, auditor } from '../lib/history'
import { requestAudit } from '../lib/request-audit'
import { findProductImage } from './product-image-queries'
import { findProduct } from './product-queries'

export function productAudit(custom: CustomFields) {
  /** The product as GET answers it; undefined when it does not exist. */
  const current = async (db: Db, id: number) => {
    const product = await findProduct(db, id)
    return product && custom.show(db, product)
  }
  return { current, audit: requestAudit('product', current) }
}

/** The audit of a request's write of one of `productId`'s images: it reads the image by its id. */
export function productImageAudit(custom: CustomFields) {
  const audit = operatorImageAudit(custom)
  return (request: FastifyRequest, productId: number): Audit =>
    audit(requireOperator(request).id, productId)
}

/** The same audit for an operator known by id (bulk deletes, which write many images at once). */
export function operatorImageAudit(custom: CustomFields) {
  return (operatorId: number, productId: number): Audit => {
    const current = async (db: Db, imageId: number) => {
      const image = await findProductImage(db, productId, imageId)
      if (typeof image === 'string') return undefined
      const { id: _, productId: __, ...fields } = await custom.show(db, image)
      return fields
    }
    const owner = (imageId: number) => ({ entityId: productId, partId: imageId })
    return auditor(operatorId, 'product', current, owner)
  }
}
