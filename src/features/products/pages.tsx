// Placeholders for the product and product image screens (spec §2); later issues replace them.
import { useParams } from 'react-router-dom'
import { PlaceholderPage } from '../../components/placeholder-page'

export function ProductListPage() {
  return <PlaceholderPage title="Products" />
}

export function ProductDetailPage() {
  const { id } = useParams()
  return <PlaceholderPage title="Product" subtitle={`ID ${id}`} />
}

export function ProductEditPage() {
  const { id } = useParams()
  return <PlaceholderPage title="Edit Product" subtitle={`ID ${id}`} />
}

export function ProductImageListPage() {
  const { id } = useParams()
  return <PlaceholderPage title="Product Images" subtitle={`Product ID ${id}`} />
}

export function ProductImageCreatePage() {
  const { id } = useParams()
  return <PlaceholderPage title="Add Image" subtitle={`Product ID ${id}`} />
}

export function ProductImageDetailPage() {
  const { productId, imageId } = useParams()
  return (
    <PlaceholderPage
      title="Product Image"
      subtitle={`Product ID ${productId}, image ID ${imageId}`}
    />
  )
}

export function ProductImageEditPage() {
  const { productId, imageId } = useParams()
  return (
    <PlaceholderPage
      title="Edit Product Image"
      subtitle={`Product ID ${productId}, image ID ${imageId}`}
    />
  )
}
