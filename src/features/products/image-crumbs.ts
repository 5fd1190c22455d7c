import { paths } from '../../app/paths'
import type { Crumb } from '../../components/breadcrumbs'

/** Products › the product › Images: where a product image screen sits. */
export function imageCrumbs(productId: number, productName: string | undefined): Crumb[] {
  return [
    { label: 'Products', to: paths.products.list },
    { label: productName ?? 'Product', to: paths.products.detail(productId) },
    { label: 'Images', to: paths.products.images(productId) },
  ]
}
