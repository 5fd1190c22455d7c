// Products as an entity (../entity.ts): what the generic plugins need to list, export, read,
// delete, bulk-change and show the history of products. Its own routes add create, update, a
// provider's products and the images.
import type { Entity } from '../entity'
import { idFilter, pathId } from '../lists/list-params'
import { productSorts } from '../lists/sorts'
import { deleteProduct, productTrash } from './product-delete'
import { productColumns } from './product-export'
import { registerProductImageBulk } from './product-image-bulk'
import { isImageOf } from './product-image-queries'
import { registerProductImageRoutes } from './product-image-routes'
import { productImport } from './product-import'
import { findProduct, type Product, type ProductFilter, productList } from './product-queries'
import {
  BASE_PATH,
  IMAGE_NOT_FOUND,
  NOT_FOUND,
  productBulkQuery,
  productFilter,
  productListQuery,
} from './product-request'
import { productUpdate, registerProductRoutes } from './product-routes'
import { productSearch } from './product-search'

export const productEntity: Entity<ProductFilter, Product> = {
  collection: BASE_PATH,
  table: 'products',
  schemaId: 'product',
  notFound: NOT_FOUND,
  nameColumns: ['name'],
  list: {
    source: productList,
    params: productListQuery,
    filter: productFilter,
    sorts: productSorts,
    defaultSort: 'newest',
  },
  find: findProduct,
  remove: deleteProduct,
  trash: productTrash,
  bulkFilter: {
    params: productBulkQuery,
    filter: (query) => ({
      ...productFilter(query),
      serviceProviderId: idFilter(query, 'serviceProviderId'),
    }),
  },
  enabling: true,
  update: productUpdate,
  export: { file: 'products', columns: productColumns },
  import: productImport,
  search: productSearch,
  routes: (app, db) => {
    registerProductRoutes(app, db)
    registerProductImageRoutes(app, db)
    registerProductImageBulk(app, db)
  },
  // An image's edit page: its events name the collection `products/7/images`, so that
  // `/{collection}/{id}/presence` is still the page's own path.
  nestedPresence: [
    {
      url: `${BASE_PATH}/:id/images/:imageId/presence`,
      params: ['id', 'imageId'],
      find: async (db, params) => {
        const [product, image] = [pathId(params), pathId(params, 'imageId')]
        if (product === undefined || image === undefined) return undefined
        if (!(await isImageOf(db, product, image))) return undefined
        return { collection: `products/${product}/images`, id: image }
      },
      notFound: IMAGE_NOT_FOUND,
    },
  ],
}
