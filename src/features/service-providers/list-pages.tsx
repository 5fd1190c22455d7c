// Route entry point of the service provider list (the record screen is in detail-pages, the
// forms in form-pages; a provider's products are screens of the products feature).
export { ProviderListPage as ServiceProviderListPage } from './provider-list-page'
