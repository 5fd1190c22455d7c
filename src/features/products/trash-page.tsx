// The products' trash (/products/trash): the generic trash page with the products' descriptor,
// a route module of its own so that it loads only when opened.
import { TrashPage } from '../../components/trash-page'
import { productTrash } from './products-api'

export const ProductTrashPage = () => <TrashPage target={productTrash} />
