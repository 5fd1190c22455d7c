// Placeholders for the service provider screens (spec §2); later issues replace them.
import { useParams } from 'react-router-dom'
import { PlaceholderPage } from '../../components/placeholder-page'

export function ServiceProviderListPage() {
  return <PlaceholderPage title="Service Providers" />
}

export function ServiceProviderCreatePage() {
  return <PlaceholderPage title="Create Service Provider" />
}

export function ServiceProviderDetailPage() {
  const { id } = useParams()
  return <PlaceholderPage title="Service Provider" subtitle={`ID ${id}`} />
}

export function ServiceProviderEditPage() {
  const { id } = useParams()
  return <PlaceholderPage title="Edit Service Provider" subtitle={`ID ${id}`} />
}

export function ServiceProviderProductsPage() {
  const { id } = useParams()
  return <PlaceholderPage title="Service Provider Products" subtitle={`Provider ID ${id}`} />
}

export function ServiceProviderProductCreatePage() {
  const { id } = useParams()
  return <PlaceholderPage title="Create Product" subtitle={`Provider ID ${id}`} />
}
