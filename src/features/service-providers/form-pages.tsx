export {
  ProviderCreatePage as ServiceProviderCreatePage,
  ProviderEditPage as ServiceProviderEditPage,
} from './provider-form-pages'
