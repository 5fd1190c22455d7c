// The columns of the products CSV export (GET /products/export and a provider's
// /service-providers/:id/products/export), titled as the product form labels its fields; a field an analyst renames is
// headed by its new title (lib/field-titles.ts). `read` takes a cell back on import (../imports/).

import { categories, money as naira, number, text, yesNo as yesOrNo } from '../imports/cells'
import { type CsvColumn, categoryNames, isoDate, money, yesNo } from '../lib/csv-export'
import type { Dated } from '../lists/list-engine'
import type { Product } from './product-queries'

export const productColumns: CsvColumn<Dated<Product>>[] = [
  { title: 'ID', field: 'id', value: (p) => p.id },
  { title: 'Name', field: 'name', value: (p) => p.name, read: text },
  { title: 'Description', field: 'description', value: (p) => p.description, read: text },
  { title: 'Pricing Type', field: 'pricing', value: (p) => p.pricing, read: text },
  // Naira with kobo as plain numbers (the currency is in the title), so spreadsheets sort them.
  { title: 'Price (₦)', field: 'price', value: (p) => money(p.price), read: naira },
  { title: 'Min Price (₦)', field: 'minPrice', value: (p) => money(p.minPrice), read: naira },
  { title: 'Max Price (₦)', field: 'maxPrice', value: (p) => money(p.maxPrice), read: naira },
  {
    title: 'Categories',
    field: 'productCategoryIds',
    value: (p) => categoryNames(p.productCategories),
    read: categories('productCategories', 'productCategoryIds', 'product category'),
  },
  {
    title: 'Service Provider ID',
    field: 'serviceProviderId',
    value: (p) => p.serviceProviderId,
    read: number,
  },
  {
    title: 'Service Provider',
    field: 'serviceProviderId',
    value: (p) => p.serviceProviderBrandName,
  },
  {
    title: 'Estimated Delivery Days',
    field: 'estimatedDeliveryDays',
    value: (p) => p.estimatedDeliveryDays,
    read: number,
  },
  { title: 'Enabled', field: 'enabled', value: (p) => yesNo(p.enabled), read: yesOrNo },
  { title: 'Rating', field: 'rating', value: (p) => p.rating, read: number },
  { title: 'Number of Ratings', field: 'noOfRatings', value: (p) => p.noOfRatings, read: number },
  { title: 'Created', value: (p) => isoDate(p.createdAt) },
  { title: 'Updated', value: (p) => isoDate(p.updatedAt) },
]
