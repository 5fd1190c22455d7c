// The columns of the service providers CSV export (GET /service-providers/export), titled as
// the provider form labels its fields; a field an analyst renames is headed by its new title
// (lib/field-titles.ts).
import { categories, text, yesNo as yesOrNo } from '../imports/cells'
import { type CsvColumn, categoryNames, isoDate, yesNo } from '../lib/csv-export'
import type { Dated } from '../lists/list-engine'
import type { Provider } from './provider-queries'

export const providerColumns: CsvColumn<Dated<Provider>>[] = [
  { title: 'ID', field: 'id', value: (p) => p.id },
  { title: 'First Name', field: 'firstName', value: (p) => p.firstName, read: text },
  { title: 'Last Name', field: 'lastName', value: (p) => p.lastName, read: text },
  { title: 'Brand Name', field: 'brandName', value: (p) => p.brandName, read: text },
  { title: 'Email', field: 'email', value: (p) => p.email, read: text },
  { title: 'Phone Number', field: 'phoneNumber', value: (p) => p.phoneNumber, read: text },
  { title: 'State', field: 'state', value: (p) => p.state, read: text },
  { title: 'City', field: 'city', value: (p) => p.city, read: text },
  { title: 'Address Line 1', field: 'addressLine1', value: (p) => p.addressLine1, read: text },
  { title: 'Address Line 2', field: 'addressLine2', value: (p) => p.addressLine2, read: text },
  { title: 'About', field: 'about', value: (p) => p.about, read: text },
  { title: 'Enabled', field: 'enabled', value: (p) => yesNo(p.enabled), read: yesOrNo },
  {
    title: 'Service Categories',
    field: 'serviceProviderCategoryIds',
    value: (p) => categoryNames(p.serviceProviderCategories),
    read: categories(
      'serviceProviderCategories',
      'serviceProviderCategoryIds',
      'service provider category',
    ),
  },
  { title: 'Passport Photo', value: (p) => yesNo(p.hasPassportPhoto) },
  { title: 'Brand Logo', value: (p) => yesNo(p.hasBrandLogo) },
  { title: 'Created', value: (p) => isoDate(p.createdAt) },
  { title: 'Updated', value: (p) => isoDate(p.updatedAt) },
]
