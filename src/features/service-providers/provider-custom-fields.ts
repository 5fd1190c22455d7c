// The custom fields of service providers (what their schema declares beyond the fields their
// pages show, see forms/custom-fields.ts) and their fields' titles (forms/field-titles.ts).
import doc from '../../../schemas/service-provider.json'
import ui from '../../../schemas/service-provider.ui.json'
import { SHIPPED_TITLES } from '../../../types/shipped-titles'
import { customFields } from '../../forms/custom-fields'
import { fieldTitles } from '../../forms/field-titles'

const shipped = SHIPPED_TITLES['service-provider']

export const providerCustomFields = customFields(doc, ui, Object.keys(shipped))

/** A provider's fields; `serviceProviderCategories` is how records and history name them. */
export const providerTitles = fieldTitles(doc, ui, shipped, {
  serviceProviderCategories: 'serviceProviderCategoryIds',
})
