// Service provider fixtures and an in-memory, read-only provider API (list with its filters,
// detail, passport photo and brand logo), used by the default MSW handlers.
import { HttpResponse, http } from 'msw'
import { phoneKey } from '../../../server/service-providers/phone-key'
import type { ServiceProvider } from '../../../src/features/service-providers/providers-api'
import { apiUrl } from '../msw/handlers-support'
import { page } from './categories'

/** A full provider as the API sends it (GET /service-providers/:id). */
export function buildProvider(overrides: Partial<ServiceProvider> = {}): ServiceProvider {
  const id = overrides.id ?? 1
  return {
    id,
    firstName: 'Provider',
    lastName: `Number${id}`,
    brandName: `Brand ${id}`,
    email: `provider${id}@example.ng`,
    phoneNumber: '+234 803 000 0000',
    state: 'Lagos',
    city: 'Ikeja',
    addressLine1: `${id} Allen Avenue`,
    addressLine2: null,
    about: `About provider ${id}`,
    enabled: true,
    serviceProviderCategories: [],
    hasPassportPhoto: false,
    hasBrandLogo: false,
    ...overrides,
  }
}

/**
 * Ada Obi (9): enabled, three categories, a photo, a logo and a second address line;
 * Bayo Adeyemi (10): disabled, one category, no images; Chioma Eze (11): enabled, no categories.
 * The categories are those of `categoryTree`.
 */
export const providerFixtures: ServiceProvider[] = [
  buildProvider({
    id: 9,
    firstName: 'Ada',
    lastName: 'Obi',
    brandName: 'Sparkle Cleaners',
    email: 'ada@sparkle.ng',
    phoneNumber: '+234 803 123 4567',
    state: 'Lagos',
    city: 'Ikeja',
    addressLine1: '12 Allen Avenue',
    addressLine2: 'Flat 3',
    about: 'Homes and offices cleaned since 2015.',
    serviceProviderCategories: [
      { id: 1, name: 'Cleaning' },
      { id: 2, name: 'Home Cleaning' },
      { id: 4, name: 'Deep Cleaning' },
    ],
    hasPassportPhoto: true,
    hasBrandLogo: true,
  }),
  buildProvider({
    id: 10,
    firstName: 'Bayo',
    lastName: 'Adeyemi',
    brandName: 'FixIt Repairs',
    email: 'bayo@fixit.ng',
    phoneNumber: '+234 802 555 0101',
    state: 'Oyo',
    city: 'Ibadan',
    addressLine1: '4 Ring Road',
    about: 'Plumbing and electrical repairs.',
    enabled: false,
    serviceProviderCategories: [{ id: 3, name: 'Repairs' }],
  }),
  buildProvider({
    id: 11,
    firstName: 'Chioma',
    lastName: 'Eze',
    brandName: 'Bright Homes',
    email: 'chioma@brighthomes.ng',
    state: 'Rivers',
    city: 'Port Harcourt',
    addressLine1: '7 Aba Road',
    about: 'Home help.',
  }),
]

/** The bytes of a PNG (its signature is enough for an object URL). */
export const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])

const notFound = () => HttpResponse.json({ detail: 'Service provider not found' }, { status: 404 })

/** Providers whose fields match the list query, as the server filters them. */
function matching(providers: ServiceProvider[], query: URLSearchParams) {
  const contains = (value: string, part: string | null) =>
    part === null || value.toLowerCase().includes(part.toLowerCase())
  const enabled = query.get('enabled')
  const category = query.get('serviceProviderCategoryId')
  const phone = query.get('phone')
  return providers.filter(
    (p) =>
      contains(p.email, query.get('email')) &&
      contains(p.brandName, query.get('brandName')) &&
      contains(`${p.firstName} ${p.lastName}`, query.get('personName')) &&
      (phone === null || phoneKey(p.phoneNumber).includes(phoneKey(phone))) &&
      (enabled === null || String(p.enabled) === enabled) &&
      (category === null || p.serviceProviderCategories.some((c) => String(c.id) === category)),
  )
}

/** Read-only provider API over `providers` (the fixtures above unless given). */
export function providerHandlers(providers: ServiceProvider[] = providerFixtures) {
  const find = (id: unknown) => providers.find((p) => String(p.id) === id)
  const image = (flag: 'hasPassportPhoto' | 'hasBrandLogo', label: string) =>
    (({ params }) => {
      const provider = find(params.id)
      if (!provider) return notFound()
      if (!provider[flag]) {
        return HttpResponse.json(
          { detail: `This service provider has no ${label}` },
          { status: 404 },
        )
      }
      return new HttpResponse(PNG_BYTES, { headers: { 'Content-Type': 'image/png' } })
    }) satisfies Parameters<typeof http.get>[1]
  return [
    http.get(apiUrl('/service-providers'), ({ request }) =>
      HttpResponse.json(page(matching(providers, new URL(request.url).searchParams))),
    ),
    http.get(apiUrl('/service-providers/:id'), ({ params }) => {
      const provider = find(params.id)
      return provider ? HttpResponse.json(provider) : notFound()
    }),
    http.get(
      apiUrl('/service-providers/:id/passport-photo'),
      image('hasPassportPhoto', 'passport photo'),
    ),
    http.get(apiUrl('/service-providers/:id/brand-logo'), image('hasBrandLogo', 'brand logo')),
  ]
}
