// A product's images: add (JSON with the image as base64), read, edit, delete, list, make the
// preview, and the image file itself (full size or a thumbnail at most 480 px wide). What is
// stored and served is the cleaned image (see images/clean-image.ts), never the uploaded bytes.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ, WRITE } from '../auth/rights'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'
import { HttpError } from '../errors'
import { cleanImage, thumbnail } from '../images/clean-image'
import { imageSize, imageSizeQuery, sendImage } from '../images/image-reply'
import { decodeBase64Image, IMAGE_BODY_LIMIT } from '../images/image-upload'
import { customFields } from '../lib/custom-fields'
import { sendTagged, writeIfMatch } from '../lib/etag'
import { booleanParam, pageParams, querySchema } from '../lib/query-schema'
import { errors, ok, pathParams } from '../lib/responses'
import { fillSchemaDefaults } from '../lib/schema-defaults'
import { attributeConditions, withAttributes } from '../lists/custom-list'
import { booleanFilter, pageRequest, pagination, type RawQuery } from '../lists/list-params'
import { customListParams } from '../lists/list-routes'
import { productImageSorts, sortParams, sortRequest } from '../lists/sorts'
import { productAudit, productImageAudit } from './product-audit'
import {
  addProductImage,
  deleteProductImage,
  findImageFile,
  findProductImage,
  listProductImages,
  type Missing,
  makePreviewImage,
  type ProductImageInput,
  updateProductImage,
} from './product-image-queries'
import { productExists } from './product-queries'
import { BASE_PATH, IMAGE_NOT_FOUND, NOT_FOUND, productId, productImageId } from './product-request'

/** The width of the thumbnail made at upload (`?size=thumb`), in pixels. */
export const THUMBNAIL_WIDTH = 480

interface ImageBody {
  imageName: string
  imageDescription?: string | null
  enabled?: boolean
}

interface NewImageBody extends ImageBody {
  image: string
}

const IMAGES = `${BASE_PATH}/:id/images`
const IMAGE = `${IMAGES}/:imageId`
const imageParams = pathParams('id', 'imageId')

export function registerProductImageRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const custom = customFields(app, 'product-image', 'productImages')
  const { audit: previewAudit } = productAudit(customFields(app, 'product', 'products'))
  const imageAudit = productImageAudit(custom)
  // The image schema's marked custom fields sort and filter the list, as in every list
  // (lists/custom-list.ts); any other parameter is refused.
  const { params, sorts, filterable } = customListParams(
    {
      params: querySchema({
        ...pageParams,
        ...sortParams(productImageSorts),
        enabled: booleanParam,
      }),
      sorts: productImageSorts,
    },
    custom.listed,
    isPostgres(db),
  )
  const listSchema = { params: pathParams('id'), querystring: params, response: ok.page }
  app.get(IMAGES, { config: READ, schema: listSchema }, async (request) => {
    const id = productId(request.params)
    const query = request.query as RawQuery
    const page = pageRequest(query)
    const sort = sortRequest(query, sorts, 'id')
    const filter = withAttributes(
      { enabled: booleanFilter(query, 'enabled') },
      attributeConditions(query, filterable),
    )
    const result = await listProductImages(db, id, filter, page, sort)
    if (result === 'no-product') throw new HttpError(404, NOT_FOUND)
    const data = await custom.showAll(db, result.rows)
    return { data, pagination: pagination(page, result.total) }
  })

  app.post<{ Body: NewImageBody }>(
    IMAGES,
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      config: WRITE,
      schema: {
        params: pathParams('id'),
        body: { $ref: 'product-image#/definitions/create' },
        response: ok.created,
      },
      preValidation: fillSchemaDefaults(app, 'product-image', 'create'),
    },
    async (request, reply) => {
      const id = productId(request.params)
      // Cheap check first: a missing product costs no image decoding.
      if (!(await productExists(db, id))) throw new HttpError(404, NOT_FOUND)
      const image = await cleanImage(decodeBase64Image(request.body.image, 'image'), 'image')
      const thumb = await thumbnail(image.bytes, THUMBNAIL_WIDTH)
      const attributes = custom.write('create', request.body)
      const input = toInput(request.body)
      const audit = imageAudit(request, id)
      const imageId = await addProductImage(db, id, input, image, thumb, attributes, audit)
      if (imageId === undefined) throw new HttpError(404, NOT_FOUND)
      return reply.code(201).send({ id: imageId, productId: id })
    },
  )

  app.get(
    IMAGE,
    { config: READ, schema: { params: imageParams, response: ok.record } },
    async (request, reply) => {
      const image = await findProductImage(
        db,
        productId(request.params),
        productImageId(request.params),
      )
      if (typeof image === 'string') throw notFound(image)
      return sendTagged(reply, await custom.show(db, image))
    },
  )

  app.put<{ Body: ImageBody }>(
    IMAGE,
    {
      config: WRITE,
      schema: {
        params: imageParams,
        body: { $ref: 'product-image#/definitions/update' },
        response: { ...ok.imageRef, ...errors(412) },
      },
      preValidation: fillSchemaDefaults(app, 'product-image', 'update'),
    },
    async (request) => {
      const id = productId(request.params)
      const imageId = productImageId(request.params)
      const input = toInput(request.body)
      const outcome = await writeIfMatch(db, request, {
        record: ['productImages', imageId],
        current: async (conn) => {
          const image = await findProductImage(conn, id, imageId)
          return typeof image === 'string' ? undefined : custom.show(conn, image)
        },
        write: (conn) =>
          updateProductImage(
            conn,
            id,
            imageId,
            input,
            custom.write('update', request.body),
            imageAudit(request, id),
          ),
      })
      if (outcome !== 'updated') throw notFound(outcome)
      return { id: imageId, productId: id }
    },
  )

  // 200 `{}` like the provider images' DELETE, for clients that always parse a JSON body.
  app.delete(
    IMAGE,
    { config: WRITE, schema: { params: imageParams, response: ok.empty } },
    async (request) => {
      const id = productId(request.params)
      const imageId = productImageId(request.params)
      const outcome = await deleteProductImage(db, id, imageId, imageAudit(request, id))
      if (outcome !== 'deleted') throw notFound(outcome)
      return {}
    },
  )

  // No body is needed; an empty one (or `{}`) sent with a JSON content type is fine too.
  const preview = { params: imageParams, response: ok.imageRef }
  app.post(`${IMAGE}/make-preview-image`, { config: WRITE, schema: preview }, async (request) => {
    const id = productId(request.params)
    const imageId = productImageId(request.params)
    const outcome = await makePreviewImage(db, id, imageId, previewAudit(request))
    if (outcome !== 'done') throw notFound(outcome)
    return { id: imageId, productId: id }
  })

  app.get(
    `${IMAGE}/image-file`,
    {
      config: READ,
      schema: { params: imageParams, querystring: imageSizeQuery, response: ok.image },
    },
    async (request, reply) => {
      const id = productId(request.params)
      const imageId = productImageId(request.params)
      const size = imageSize(request.query as RawQuery)
      const file = await findImageFile(db, id, imageId, size)
      if (typeof file === 'string') throw notFound(file)
      return sendImage(request, reply, file)
    },
  )
}

function notFound(missing: Missing): HttpError {
  return new HttpError(404, missing === 'no-product' ? NOT_FOUND : IMAGE_NOT_FOUND)
}

// A blank description is stored as none, like a provider's second address line.
function toInput(body: ImageBody): ProductImageInput {
  return {
    imageName: body.imageName.trim(),
    imageDescription: body.imageDescription?.trim() || null,
    enabled: body.enabled ?? true,
  }
}
