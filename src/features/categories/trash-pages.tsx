// The trash of either category hierarchy (/…-categories/trash): the generic trash page with the
// kind's descriptor, a route module of its own so that it loads only when opened.
import { TrashPage } from '../../components/trash-page'
import { categoriesApi } from './categories-api'
import { productCategoryKind, serviceProviderCategoryKind } from './category-kinds'

const serviceProviderCategoryTrash = categoriesApi(serviceProviderCategoryKind).trash
const productCategoryTrash = categoriesApi(productCategoryKind).trash

export const ServiceProviderCategoryTrashPage = () => (
  <TrashPage target={serviceProviderCategoryTrash} />
)
export const ProductCategoryTrashPage = () => <TrashPage target={productCategoryTrash} />
