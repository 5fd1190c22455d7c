// The custom fields of service providers: what their schema declares beyond the fields their
// pages show (see forms/custom-fields.ts).
import doc from '../../../schemas/service-provider.json'
import ui from '../../../schemas/service-provider.ui.json'
import { customFields } from '../../forms/custom-fields'

export const providerCustomFields = customFields(doc, ui, [
  'firstName',
  'lastName',
  'brandName',
  'email',
  'phoneNumber',
  'state',
  'city',
  'addressLine1',
  'addressLine2',
  'about',
  'enabled',
  'serviceProviderCategoryIds',
])
