// Route entry points of the service provider screens that need no form library. A provider's
// products (its list and Add Product) are screens of the products feature.
export { ProviderDetailPage as ServiceProviderDetailPage } from './provider-detail-page'
export { ProviderListPage as ServiceProviderListPage } from './provider-list-page'
