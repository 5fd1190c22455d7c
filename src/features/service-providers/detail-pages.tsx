// Route entry point of a service provider's record screen (the list is in list-pages, the forms
// in form-pages: each route downloads only its own screens).
export { ProviderDetailPage as ServiceProviderDetailPage } from './provider-detail-page'
