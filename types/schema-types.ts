// Generated from schemas/*.json by `npm run types:schemas` (scripts/schema-types/): do not edit.
// Each form schema's bodies: `<Schema>Create` (definitions.create, the POST body) and
// `<Schema>Update` (definitions.update, the PUT body), every field's title as its comment; a
// field only a condition (if/then) declares is optional. `<Schema>CustomField` names the fields
// an analyst added (no column: decision 008). Record types built on these: types/records.ts.
// `npm test`, `npm run build`, `npm run typecheck` and `npm run dev` regenerate this file;
// tests/build/schema-types.test.ts fails when it is stale.

/** The create body of schemas/login.json, definitions.create. */
export interface LoginCreate {
  /** Username */
  username: string
  /** Password */
  password: string
}

/** The create body of schemas/product-category.json, definitions.create. */
export interface ProductCategoryCreate {
  /** Name */
  name: string
  /** Description */
  description: string
  /** Parent ID */
  parentCategoryId?: number | null
}

/** The update body of schemas/product-category.json, definitions.update. */
export interface ProductCategoryUpdate {
  /** Name */
  name: string
  /** Description */
  description: string
  /** Parent ID */
  parentCategoryId?: number | null
}

/** The fields of schemas/product-category.json that have no column: custom fields (decision 008). */
export type ProductCategoryCustomField = never

/** The create body of schemas/product-image.json, definitions.create. */
export interface ProductImageCreate {
  /** Image */
  image: string
  /** Image Name */
  imageName: string
  /** Description */
  imageDescription?: string | null
  /** Enabled */
  enabled?: boolean
}

/** The update body of schemas/product-image.json, definitions.update. */
export interface ProductImageUpdate {
  /** Image Name */
  imageName: string
  /** Description */
  imageDescription?: string | null
  /** Enabled */
  enabled?: boolean
}

/** The fields of schemas/product-image.json that have no column: custom fields (decision 008). */
export type ProductImageCustomField = never

/** The create body of schemas/product.json, definitions.create. */
export interface ProductCreate {
  /** Name */
  name: string
  /** Description */
  description: string
  /** Estimated Delivery Days */
  estimatedDeliveryDays: number
  /** Pricing Type */
  pricing: 'Fixed' | 'Range'
  /**
   * Categories
   *
   * @maxItems 50
   */
  productCategoryIds?: number[]
  /** Enabled */
  enabled?: boolean
  /** Service Provider */
  serviceProviderId: number
  /** Price */
  price?: number
  /** Min Price */
  minPrice?: number
  /** Max Price */
  maxPrice?: number
}

/** The update body of schemas/product.json, definitions.update. */
export interface ProductUpdate {
  /** Name */
  name: string
  /** Description */
  description: string
  /** Estimated Delivery Days */
  estimatedDeliveryDays: number
  /** Pricing Type */
  pricing: 'Fixed' | 'Range'
  /**
   * Categories
   *
   * @maxItems 50
   */
  productCategoryIds?: number[]
  /** Enabled */
  enabled?: boolean
  /** Rating */
  rating?: number
  /** Number of Ratings */
  noOfRatings?: number
  /** Price */
  price?: number
  /** Min Price */
  minPrice?: number
  /** Max Price */
  maxPrice?: number
}

/** The fields of schemas/product.json that have no column: custom fields (decision 008). */
export type ProductCustomField = never

/** The create body of schemas/service-provider-category.json, definitions.create. */
export interface ServiceProviderCategoryCreate {
  /** Name */
  name: string
  /** Description */
  description: string
  /** Parent ID */
  parentId?: number | null
}

/** The update body of schemas/service-provider-category.json, definitions.update. */
export interface ServiceProviderCategoryUpdate {
  /** Name */
  name: string
  /** Description */
  description: string
  /** Parent ID */
  parentId?: number | null
}

/** The fields of schemas/service-provider-category.json that have no column: custom fields (decision 008). */
export type ServiceProviderCategoryCustomField = never

/** The create body of schemas/service-provider.json, definitions.create. */
export interface ServiceProviderCreate {
  /** First Name */
  firstName: string
  /** Last Name */
  lastName: string
  /** Email */
  email: string
  /** Phone Number */
  phoneNumber: string
  /** Address Line 1 */
  addressLine1: string
  /** Address Line 2 */
  addressLine2?: string | null
  /** City */
  city: string
  /** State */
  state: string
  /** Brand Name */
  brandName: string
  /** About */
  about: string
  /**
   * Service Categories
   *
   * @maxItems 50
   */
  serviceProviderCategoryIds?: number[]
  /** Enabled */
  enabled?: boolean
}

/** The update body of schemas/service-provider.json, definitions.update. */
export interface ServiceProviderUpdate {
  /** First Name */
  firstName: string
  /** Last Name */
  lastName: string
  /** Phone Number */
  phoneNumber: string
  /** Address Line 1 */
  addressLine1: string
  /** Address Line 2 */
  addressLine2?: string | null
  /** City */
  city: string
  /** State */
  state: string
  /** Brand Name */
  brandName: string
  /** About */
  about: string
  /**
   * Service Categories
   *
   * @maxItems 50
   */
  serviceProviderCategoryIds?: number[]
  /** Enabled */
  enabled?: boolean
}

/** The fields of schemas/service-provider.json that have no column: custom fields (decision 008). */
export type ServiceProviderCustomField = never
