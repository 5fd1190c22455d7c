// The product's own routes: create, update, and a provider's products (list and export). Its
// list, export, record, delete, history and bulk routes come from its descriptor
// (./product-entity.ts). Every one needs a token.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ, WRITE } from '../auth/rights'
import { isPostgres } from '../db/dialect'
import type { Database } from '../db/types'
import type { EntityUpdate } from '../entity'
import { HttpError } from '../errors'
import { sendCsv, withCustomColumns } from '../lib/csv-export'
import { customFields } from '../lib/custom-fields'
import { writeIfMatch } from '../lib/etag'
import { titledColumns } from '../lib/field-titles'
import { exportQuery } from '../lib/query-schema'
import { errors, ok, pathParams } from '../lib/responses'
import { fillSchemaDefaults } from '../lib/schema-defaults'
import { attributeConditions, missingConditions, withAttributes } from '../lists/custom-list'
import { exportRows } from '../lists/list-engine'
import { type ListPage, sendPage } from '../lists/list-pages'
import { pageRequest, type RawQuery } from '../lists/list-params'
import { customListParams } from '../lists/list-routes'
import { productSorts, sortRequest } from '../lists/sorts'
import { providerExists } from '../service-providers/provider-image-queries'
import {
  NOT_FOUND as PROVIDER_NOT_FOUND,
  BASE_PATH as PROVIDERS_PATH,
  providerId,
} from '../service-providers/provider-request'
import { productAudit } from './product-audit'
import { productColumns } from './product-export'
import { type ProductFilter, productList } from './product-queries'
import {
  BASE_PATH,
  type NewProductBody,
  NOT_FOUND,
  normalisePricing,
  type ProductBody,
  productFilter,
  productId,
  providerProductListQuery,
  toNewProduct,
  toUpdate,
} from './product-request'
import { productPartsRestorer } from './product-revert'
import {
  createProduct,
  UnknownCategoriesError,
  UnknownProviderError,
  updateProduct,
} from './product-writes'

export function registerProductRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const custom = customFields(app, 'product', 'products')
  const exportColumns = titledColumns(app, 'product', productColumns)
  const { current, audit } = productAudit(custom)
  const update = productUpdate(app)
  // A provider's products: the products list with the provider fixed. They offer its filters
  // and the custom fields the product schema marks, as every list does (lists/custom-list.ts),
  // and refuse any other parameter.
  const { params, sorts, filterable, missable } = customListParams(
    { params: providerProductListQuery, sorts: productSorts },
    custom.listed,
    isPostgres(db),
    custom.missable,
  )
  const ofProvider = (query: RawQuery, serviceProviderId: number) => ({
    filter: withAttributes({ ...productFilter(query), serviceProviderId } satisfies ProductFilter, [
      ...attributeConditions(query, filterable),
      ...missingConditions(query, missable),
    ]),
    sort: sortRequest(query, sorts, 'newest'),
  })
  const page = (query: RawQuery, serviceProviderId: number): ListPage => ({
    ...ofProvider(query, serviceProviderId),
    page: pageRequest(query),
    shown: custom.shown,
  })

  app.post<{ Body: NewProductBody }>(
    BASE_PATH,
    {
      config: WRITE,
      schema: { body: { $ref: 'product#/definitions/create' }, response: ok.created },
      preValidation: [normalisePricing, fillSchemaDefaults(app, 'product', 'create')],
    },
    async (request, reply) => {
      const attributes = custom.write('create', request.body)
      const input = toNewProduct(request.body)
      const id = await createProduct(db, input, attributes, audit(request)).catch((error) => {
        throw httpError(error)
      })
      return reply.code(201).send({ id })
    },
  )

  app.put<{ Body: ProductBody }>(
    `${BASE_PATH}/:id`,
    {
      config: WRITE,
      schema: {
        params: pathParams('id'),
        body: { $ref: 'product#/definitions/update' },
        response: { ...ok.record, ...errors(412) },
      },
      preValidation: [normalisePricing, fillSchemaDefaults(app, 'product', 'update')],
    },
    async (request) => {
      const id = productId(request.params)
      const product = await writeIfMatch(db, request, {
        record: ['products', id],
        current: (conn) => current(conn, id),
        write: (conn) => update.write(conn, id, request.body, audit(request)),
      })
      if (!product) throw new HttpError(404, NOT_FOUND)
      return product
    },
  )

  // A list under a parent that does not exist is 404, not an empty page.
  const providerProducts = {
    config: READ,
    schema: { params: pathParams('id'), querystring: params, response: ok.page },
  }
  app.get(`${PROVIDERS_PATH}/:id/products`, providerProducts, async (request, reply) => {
    const serviceProviderId = providerId(request.params)
    if (!(await providerExists(db, serviceProviderId))) {
      throw new HttpError(404, PROVIDER_NOT_FOUND)
    }
    return sendPage(reply, db, productList, page(request.query as RawQuery, serviceProviderId))
  })

  const providerProductsExport = {
    config: READ,
    schema: {
      params: pathParams('id'),
      querystring: exportQuery(params),
      response: ok.csv,
    },
  }
  app.get(
    `${PROVIDERS_PATH}/:id/products/export`,
    providerProductsExport,
    async (request, reply) => {
      const serviceProviderId = providerId(request.params)
      const { filter, sort } = ofProvider(request.query as RawQuery, serviceProviderId)
      if (!(await providerExists(db, serviceProviderId))) {
        throw new HttpError(404, PROVIDER_NOT_FOUND)
      }
      const rows = await exportRows(db, productList, filter, sort)
      const csv = withCustomColumns(db, custom, exportColumns, rows)
      return sendCsv(reply, `service-provider-${serviceProviderId}-products`, ...csv)
    },
  )
}

/** PUT's write, which a revert also saves through (decision 022). */
export function productUpdate(app: FastifyInstance): EntityUpdate {
  const custom = customFields(app, 'product', 'products')
  return {
    body: ({ productCategories, ...fields }) => ({
      ...fields,
      productCategoryIds: (productCategories as Array<{ id: number }>).map(({ id }) => id),
    }),
    write: async (conn, id, body, audit) => {
      const input = toUpdate(body as ProductBody)
      const attributes = custom.write('update', body)
      const product = await updateProduct(conn, id, input, attributes, audit).catch((error) => {
        throw httpError(error)
      })
      return product && custom.show(conn, product)
    },
    restoreParts: productPartsRestorer(app),
  }
}

/** The 400 of a write its rules refused (a provider or a category that does not exist). */
export function httpError(error: unknown): unknown {
  if (error instanceof UnknownProviderError) {
    return new HttpError(400, `serviceProviderId ${error.id} is not an existing service provider`)
  }
  if (error instanceof UnknownCategoriesError) {
    const what =
      error.ids.length === 1
        ? 'is not an existing product category'
        : 'are not existing product categories'
    return new HttpError(400, `productCategoryIds ${error.ids.join(', ')} ${what}`)
  }
  return error
}
