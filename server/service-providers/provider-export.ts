// The columns of the service providers CSV export (GET /service-providers/export), titled as
// the provider form labels its fields.
import { type CsvColumn, categoryNames, isoDate, yesNo } from '../lib/csv-export'
import type { Dated } from '../lists/list-engine'
import type { Provider } from './provider-queries'

export const providerColumns: CsvColumn<Dated<Provider>>[] = [
  { title: 'ID', value: (p) => p.id },
  { title: 'First Name', value: (p) => p.firstName },
  { title: 'Last Name', value: (p) => p.lastName },
  { title: 'Brand Name', value: (p) => p.brandName },
  { title: 'Email', value: (p) => p.email },
  { title: 'Phone Number', value: (p) => p.phoneNumber },
  { title: 'State', value: (p) => p.state },
  { title: 'City', value: (p) => p.city },
  { title: 'Address Line 1', value: (p) => p.addressLine1 },
  { title: 'Address Line 2', value: (p) => p.addressLine2 },
  { title: 'About', value: (p) => p.about },
  { title: 'Enabled', value: (p) => yesNo(p.enabled) },
  { title: 'Service Categories', value: (p) => categoryNames(p.serviceProviderCategories) },
  { title: 'Passport Photo', value: (p) => yesNo(p.hasPassportPhoto) },
  { title: 'Brand Logo', value: (p) => yesNo(p.hasBrandLogo) },
  { title: 'Created', value: (p) => isoDate(p.createdAt) },
  { title: 'Updated', value: (p) => isoDate(p.updatedAt) },
]
