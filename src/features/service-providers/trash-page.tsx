// The service providers' trash (/service-providers/trash): the generic trash page with the
// providers' descriptor, a route module of its own so that it loads only when opened.
import { TrashPage } from '../../components/trash-page'
import { providerTrash } from './providers-api'

export const ServiceProviderTrashPage = () => <TrashPage target={providerTrash} />
