// Request parsing shared by the service-provider routes: the id in the path, the list filters
// and the JSON body of create and update.
import type { ServiceProviderCreateBody, ServiceProviderUpdateBody } from '../../types/records'
import { HttpError } from '../errors'
import { booleanParam, idParam, pageParams, querySchema, textParam } from '../lib/query-schema'
import {
  booleanFilter,
  idFilter,
  pathId,
  type RawQuery,
  single,
  textFilter,
} from '../lists/list-params'
import { providerSorts, sortParams } from '../lists/sorts'
import { phoneKey } from './phone-key'
import type { ProviderFilter } from './provider-queries'
import type { NewProvider, ProviderInput } from './provider-writes'

export const BASE_PATH = '/api/service-providers'
export const NOT_FOUND = 'Service provider not found'
export const DUPLICATE_EMAIL = 'A service provider with this email already exists'

/** The body of PUT (generated from the update schema); an `email` in it is never read. */
export type ProviderBody = ServiceProviderUpdateBody

/** The body of POST (generated from the create schema). */
export type NewProviderBody = ServiceProviderCreateBody

/** `/service-providers/abc` names no provider, exactly like `/service-providers/999999`. */
export function providerId(params: unknown): number {
  const id = pathId(params)
  if (id === undefined) throw new HttpError(404, NOT_FOUND)
  return id
}

/** A phone number or part of one, in any of its spellings: at least one digit, and the
 * characters numbers are written with. */
const phoneParam = {
  type: 'string',
  maxLength: 40,
  pattern: '^[ ()+./-]*[0-9][0-9 ()+./-]*$',
  'x-detail': {
    maxLength: 'must be at most 40 characters',
    pattern: 'must be part of a phone number: digits, spaces and + ( ) - . /',
  },
}

/** GET /service-providers: its parameters, in the order their errors are reported. */
export const providerListQuery = querySchema({
  ...pageParams,
  ...sortParams(providerSorts),
  email: textParam,
  brandName: textParam,
  personName: textParam,
  phone: phoneParam,
  enabled: booleanParam,
  serviceProviderCategoryId: idParam,
})

/** GET /service-providers/public-info. */
export const publicInfoListQuery = querySchema({
  ...pageParams,
  ...sortParams(providerSorts),
  brandName: textParam,
  serviceProviderCategoryId: idParam,
  enabled: booleanParam,
})

export function providerFilter(query: RawQuery): ProviderFilter {
  return {
    email: textFilter(query, 'email'),
    brandName: textFilter(query, 'brandName'),
    personName: textFilter(query, 'personName'),
    phone: phoneFilter(query),
    enabled: booleanFilter(query, 'enabled'),
    categoryId: idFilter(query, 'serviceProviderCategoryId'),
  }
}

/** The searched number's key (./phone-key.ts). A text that is all prefix (`+234`, `0`) has an
 * empty key, part of every number: no filter. */
function phoneFilter(query: RawQuery): string | undefined {
  const text = single(query, 'phone')
  return (text && phoneKey(text)) || undefined
}

// Picks the fields one by one: whatever else the body holds (an email on PUT) is left behind.
// The schema's defaults (enabled, no categories) are applied here: Ajv ignores a `default`
// reached through `$ref`, which is how the schema file spells every property.
export function toInput(body: ProviderBody | NewProviderBody): ProviderInput {
  return {
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    brandName: body.brandName.trim(),
    phoneNumber: body.phoneNumber.trim(),
    state: body.state.trim(),
    city: body.city.trim(),
    addressLine1: body.addressLine1.trim(),
    addressLine2: body.addressLine2?.trim() || null,
    about: body.about.trim(),
    enabled: body.enabled ?? true,
    categoryIds: body.serviceProviderCategoryIds ?? [],
  }
}

export function toNewProvider(body: NewProviderBody): NewProvider {
  return { ...toInput(body), email: body.email.trim() }
}
