import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { uniqueName } from './databases'
import { type Json, type Query, stringify } from './requests'

// A factory for valid provider bodies and a small client for the provider routes, shared by the
// provider and provider-image suites.

export interface ProviderBody {
  firstName: string
  lastName: string
  brandName: string
  email: string
  phoneNumber: string
  state: string
  city: string
  addressLine1: string
  addressLine2?: string | null
  about: string
  enabled?: boolean
  serviceProviderCategoryIds?: number[]
}

/** A valid create body; the brand name and email carry a unique tag. */
export function buildProvider(overrides: Partial<ProviderBody> = {}): ProviderBody {
  const tag = uniqueName('sp')
  return {
    firstName: 'Adaeze',
    lastName: 'Okafor',
    brandName: `${tag} Catering`,
    email: `${tag}@example.com`,
    phoneNumber: '+234 803 555 0101',
    state: 'Lagos',
    city: 'Ikeja',
    addressLine1: '12 Allen Avenue',
    addressLine2: 'Suite 4',
    about: 'Event catering for up to 500 guests.',
    enabled: true,
    serviceProviderCategoryIds: [],
    ...overrides,
  }
}

/** The body of a PUT made from a create body: everything but the email. */
export function updateBody(body: ProviderBody): Omit<ProviderBody, 'email'> {
  const { email: _, ...rest } = body
  return rest
}

export const PROVIDERS = '/api/service-providers'

export function providerApi(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` }
  const api = {
    headers,
    post: (payload: object) => app.inject({ method: 'POST', url: PROVIDERS, headers, payload }),
    put: (id: number | string, payload: object) =>
      app.inject({ method: 'PUT', url: `${PROVIDERS}/${id}`, headers, payload }),
    get: (id: number | string) => app.inject({ method: 'GET', url: `${PROVIDERS}/${id}`, headers }),
    list: (query: Query = {}) =>
      app.inject({ method: 'GET', url: PROVIDERS, headers, query: stringify(query) }),
    /** Public routes, called without a token. */
    publicList: (query: Query = {}) =>
      app.inject({ method: 'GET', url: `${PROVIDERS}/public-info`, query: stringify(query) }),
    publicGet: (id: number | string) =>
      app.inject({ method: 'GET', url: `${PROVIDERS}/${id}/public-info` }),
    async create(overrides: Partial<ProviderBody> = {}) {
      const body = buildProvider(overrides)
      const response = await api.post(body)
      expect(response.statusCode, response.body).toBe(201)
      return { id: response.json().id as number, body }
    },
    async category(name = uniqueName('category')) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/service-provider-categories',
        headers,
        payload: { name, description: 'For provider tests', parentId: null },
      })
      expect(response.statusCode, response.body).toBe(201)
      return { id: response.json().id as number, name }
    },
    /** The data of one list call that must succeed. */
    async rows(query: Query, publicInfo = false): Promise<Json[]> {
      const response = publicInfo ? await api.publicList(query) : await api.list(query)
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data as Json[]
    },
  }
  return api
}
