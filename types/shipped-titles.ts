// The titles the built-in fields ship with (each field's `ui:title` in its ui schema's `common`,
// else its data schema `title`, in schemas/ as released), by schema id. While a field keeps this
// title, the screens (src/forms/field-titles.ts), the API's messages and the CSV headers
// (server/lib/field-titles.ts) keep their own wording for it, the spec's texts; a different one
// is an analyst's rename, and they all follow it. Written once here, where both src/ and server/
// may read it; tests/build/field-titles.test.ts checks it against schemas/.
export const SHIPPED_TITLES = {
  'service-provider-category': { name: 'Name', description: 'Description', parentId: 'Parent ID' },
  'product-category': { name: 'Name', description: 'Description', parentCategoryId: 'Parent ID' },
  'service-provider': {
    firstName: 'First Name',
    lastName: 'Last Name',
    brandName: 'Brand Name',
    email: 'Email',
    phoneNumber: 'Phone Number',
    state: 'State',
    city: 'City',
    addressLine1: 'Address Line 1',
    addressLine2: 'Address Line 2',
    about: 'About',
    enabled: 'Enabled',
    serviceProviderCategoryIds: 'Service Categories',
  },
  product: {
    name: 'Name',
    description: 'Description',
    estimatedDeliveryDays: 'Estimated Delivery Days',
    pricing: 'Pricing Type',
    price: 'Price',
    minPrice: 'Min Price',
    maxPrice: 'Max Price',
    productCategoryIds: 'Categories',
    enabled: 'Enabled',
    rating: 'Rating',
    noOfRatings: 'Number of Ratings',
    serviceProviderId: 'Service Provider',
  },
  'product-image': {
    image: 'Image',
    imageName: 'Image Name',
    imageDescription: 'Description',
    enabled: 'Enabled',
  },
} as const satisfies Record<string, Record<string, string>>
