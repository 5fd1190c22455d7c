import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  Kysely,
  Selectable,
  Transaction,
} from 'kysely'

// Table types as the application sees them. Columns are snake_case in the database and
// camelCase here: connection.ts installs Kysely's CamelCasePlugin, so rows come back in the
// same shape as the API's JSON.
//
// Times are epoch milliseconds stored as bigint: one representation that compares and sorts
// the same on SQLite and PostgreSQL (connection.ts parses PostgreSQL's int8 as a number).

export interface OperatorsTable {
  id: Generated<number>
  username: string
  /** '' while an invite is pending: no password verifies against it. */
  passwordHash: string
  createdAt: number
  /** One of ROLES (server/auth/rights.ts). */
  role: Generated<string>
  /** 0 or 1: a deactivated operator cannot sign in and has no sessions. */
  active: Generated<number>
  lastSignInAt: number | null
  /** SHA-256 of a pending invite or password reset token; null once used. */
  inviteTokenHash: string | null
  inviteExpiresAt: number | null
  /** Base32 TOTP secret: pending while twoFactor is 0, in force once it is 1. */
  totpSecret: string | null
  twoFactor: Generated<number>
  /** The 30-second step of the last TOTP code accepted (a code is accepted once). */
  totpLastStep: number | null
}

export interface SessionsTable {
  /** SHA-256 of the bearer token, hex; the token itself is never stored. */
  tokenHash: string
  /** Public, random: how the operator's own session list names it. */
  id: string
  operatorId: number
  expiresAt: number
  createdAt: number
  lastUsedAt: number
  userAgent: string | null
}

export interface RecoveryCodesTable {
  operatorId: number
  /** SHA-256 of a two-factor recovery code; the row is deleted when the code is used. */
  codeHash: string
}

/** Both category hierarchies share one shape (service-provider and product categories). */
export interface CategoriesTable {
  id: Generated<number>
  name: string
  description: string
  parentId: number | null
  createdAt: number
  updatedAt: number
  attributes: AttributesColumn
}

export interface ServiceProvidersTable {
  id: Generated<number>
  firstName: string
  lastName: string
  brandName: string
  email: string
  /** The trimmed, lower-cased email; unique, so the same address in another case is refused. */
  emailKey: string
  phoneNumber: string
  state: string
  city: string
  addressLine1: string
  addressLine2: string | null
  about: string
  /** 0 or 1 on both databases (SQLite has no boolean); queries map it to a real boolean. */
  enabled: number
  createdAt: number
  updatedAt: number
  attributes: AttributesColumn
}

export interface ServiceProviderCategoryLinksTable {
  providerId: number
  categoryId: number
}

export type ProviderImageKind = 'passport-photo' | 'brand-logo'

/** One image per provider and kind; the bytes are the cleaned (re-encoded) image. */
export interface ProviderImagesTable {
  providerId: number
  kind: ProviderImageKind
  contentType: string
  bytes: Buffer
  etag: string
  /** At most 160 px wide, made at upload; null on rows stored before migration 007. */
  thumbContentType: string | null
  thumbBytes: Buffer | null
  thumbEtag: string | null
  updatedAt: number
}

export type Pricing = 'Fixed' | 'Range'

/**
 * Money is whole kobo (bigint), never a float: a Fixed product has `priceKobo` only, a Range
 * product `minPriceKobo` ≤ `maxPriceKobo` only (a check constraint holds every row to that).
 */
export interface ProductsTable {
  id: Generated<number>
  serviceProviderId: number
  name: string
  description: string
  pricing: Pricing
  priceKobo: number | null
  minPriceKobo: number | null
  maxPriceKobo: number | null
  /** The price as an interval, computed by the database (migration 006): [price, price] for a
   * Fixed product, [min, max] for a Range. */
  priceLowKobo: GeneratedAlways<number>
  priceHighKobo: GeneratedAlways<number>
  estimatedDeliveryDays: number
  /** 0 or 1, as for providers. */
  enabled: number
  /** 0 to 5, a double: what PUT sent comes back unchanged. */
  rating: number
  noOfRatings: number
  /** The product's one preview image (its `isPreview` row), or null. */
  previewImageId: number | null
  createdAt: number
  updatedAt: number
  attributes: AttributesColumn
}

export interface ProductCategoryLinksTable {
  productId: number
  categoryId: number
}

/** The cleaned image and its thumbnail (at most 480 px wide), both made once at upload. */
export interface ProductImagesTable {
  id: Generated<number>
  productId: number
  imageName: string
  imageDescription: string | null
  /** 0 or 1. */
  enabled: number
  /** 0 or 1; at most one 1 per product (a partial unique index). */
  isPreview: number
  contentType: string
  bytes: Buffer
  etag: string
  thumbContentType: string
  thumbBytes: Buffer
  thumbEtag: string
  createdAt: number
  updatedAt: number
  attributes: AttributesColumn
}

/**
 * Custom fields (migration 008): a JSON object, read back as an object from PostgreSQL's jsonb
 * and as text from SQLite; written as JSON text on both. See lib/custom-fields.ts.
 */
export type AttributesColumn = ColumnType<unknown, string | undefined, string>

export interface Database {
  operators: OperatorsTable
  sessions: SessionsTable
  recoveryCodes: RecoveryCodesTable
  serviceProviderCategories: CategoriesTable
  productCategories: CategoriesTable
  serviceProviders: ServiceProvidersTable
  serviceProviderCategoryLinks: ServiceProviderCategoryLinksTable
  providerImages: ProviderImagesTable
  products: ProductsTable
  productCategoryLinks: ProductCategoryLinksTable
  productImages: ProductImagesTable
  productsFts: TextIndexTable
  serviceProvidersFts: TextIndexTable
  serviceProvidersPersonFts: TextIndexTable
  history: HistoryTable
  trash: TrashTable
  imports: ImportsTable
  keptImages: KeptImagesTable
  presence: PresenceTable
}

/** Who has which record's edit page open, on PostgreSQL (migration 022,
 * server/presence/presence-store.ts). */
export interface PresenceTable {
  /** The collection's path under /api, e.g. `products`. */
  collection: string
  recordId: number
  operatorId: number
  /** When they opened it. */
  since: number
  /** Their page's last heartbeat. */
  seenAt: number
}

/** An image a version of its record refers to, kept after it was removed or replaced
 * (migration 021, server/images/kept-images.ts). */
export interface KeptImagesTable {
  id: Generated<number>
  /** The record's entity (schema id) and id, as in `history`. */
  entity: string
  recordId: number
  /** The history entry that removed or replaced the image. */
  retiredBy: number
  /** Where the row came from, e.g. `productImages` (camelCase, as Kysely names it). */
  partTable: string
  /** The row as JSON text, bytes as base64 (server/trash/trash-rows.ts). */
  row: string
}

/** One recorded write (migration 011, lib/history.ts); `changes` is JSON text. */
export interface HistoryTable {
  id: Generated<number>
  entity: string
  entityId: number
  action: string
  partId: number | null
  operatorId: number
  at: number
  changes: string
  /** The import that wrote it (migration 019), else null. */
  batchId: Generated<string | null>
}

/** One CSV import that wrote something (migration 019, server/imports/). */
export interface ImportsTable {
  batchId: string
  /** The collection's path, e.g. `/api/products`. */
  collection: string
  operatorId: number
  at: number
  created: number
  updated: number
  /** When it was undone, else null. */
  undoneAt: number | null
}

/** A deleted record, moved out of its tables (migration 019, server/trash). */
export interface TrashTable {
  id: Generated<number>
  /** The entity's schema id, as in `history`. */
  entity: string
  recordId: number
  /** JSON text: the record's rows by table (server/trash/trash-rows.ts). */
  rows: string
  /** JSON text: the record as GET showed it when deleted. */
  shown: string
  deletedAt: number
  deletedBy: number
}

/** SQLite only (migrations 005, 024): an FTS5 trigram index whose rowid is the indexed row's id. */
export interface TextIndexTable {
  rowid: number
}

export type CategoryTableName = 'serviceProviderCategories' | 'productCategories'

export type OperatorRow = Selectable<OperatorsTable>
export type NewOperator = Insertable<OperatorsTable>
export type SessionRow = Selectable<SessionsTable>

/** A handle queries run on: the database, or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>
