// The columns of the products CSV export (GET /products/export and a provider's
// /service-providers/:id/products/export), titled as the product form labels its fields.

import { type CsvColumn, categoryNames, isoDate, money, yesNo } from '../lib/csv-export'
import type { Dated } from '../lists/list-engine'
import type { Product } from './product-queries'

export const productColumns: CsvColumn<Dated<Product>>[] = [
  { title: 'ID', value: (p) => p.id },
  { title: 'Name', value: (p) => p.name },
  { title: 'Description', value: (p) => p.description },
  { title: 'Pricing Type', value: (p) => p.pricing },
  // Naira with kobo as plain numbers (the currency is in the title), so spreadsheets sort them.
  { title: 'Price (₦)', value: (p) => money(p.price) },
  { title: 'Min Price (₦)', value: (p) => money(p.minPrice) },
  { title: 'Max Price (₦)', value: (p) => money(p.maxPrice) },
  { title: 'Categories', value: (p) => categoryNames(p.productCategories) },
  { title: 'Service Provider ID', value: (p) => p.serviceProviderId },
  { title: 'Service Provider', value: (p) => p.serviceProviderBrandName },
  { title: 'Estimated Delivery Days', value: (p) => p.estimatedDeliveryDays },
  { title: 'Enabled', value: (p) => yesNo(p.enabled) },
  { title: 'Rating', value: (p) => p.rating },
  { title: 'Number of Ratings', value: (p) => p.noOfRatings },
  { title: 'Created', value: (p) => isoDate(p.createdAt) },
  { title: 'Updated', value: (p) => isoDate(p.updatedAt) },
]
