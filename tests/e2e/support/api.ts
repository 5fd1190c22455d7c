// Direct calls to the running server, for seeding data a journey needs but does not test.
import { inject } from 'vitest'

let token: string | undefined

export async function apiToken(): Promise<string> {
  if (token) return token
  const response = await fetch(`${inject('baseUrl')}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(inject('admin')),
  })
  if (!response.ok) throw new Error(`login failed: ${response.status}`)
  token = ((await response.json()) as { token: string }).token
  return token
}

export async function apiPost<T = { id: number }>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await apiToken()}` },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A name no other test run uses, so suites sharing the server do not see each other's rows. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
}

/** Seeds a service provider (brand and email unique per `tag`); `fields` override the defaults. */
export function apiProvider(tag: string, fields: Record<string, unknown> = {}) {
  return apiPost('/service-providers', {
    firstName: 'Bisi',
    lastName: 'Adeyemi',
    brandName: `Shine ${tag}`,
    email: `bisi.${tag}@example.com`,
    phoneNumber: '+234 803 555 0101',
    state: 'Lagos',
    city: 'Ikeja',
    addressLine1: '3 Allen Avenue',
    addressLine2: null,
    about: 'Cleaning',
    enabled: true,
    serviceProviderCategoryIds: [],
    ...fields,
  })
}

/** Deletes through the API (a record then goes to the trash). */
export async function apiDelete(path: string): Promise<void> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${await apiToken()}` },
  })
  if (!response.ok)
    throw new Error(`DELETE ${path} failed: ${response.status} ${await response.text()}`)
}

/** The status a GET answers, e.g. 404 for a record in the trash. */
export async function apiStatus(path: string): Promise<number> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    headers: { Authorization: `Bearer ${await apiToken()}` },
  })
  return response.status
}

export interface Credentials {
  username: string
  password: string
}

/** A new operator of `role`, invited by the administrator and with the invite accepted: their
 * credentials, to sign in as someone other than the administrator, and the token the invite
 * signed them in with, for writes a journey needs made by someone else. */
export async function apiOperator(
  role: 'administrator' | 'editor' | 'viewer',
): Promise<Credentials & { token: string }> {
  const username = unique(role).replace(' ', '-')
  const password = `${username}-password`
  const { inviteToken } = await apiPost<{ inviteToken: string }>('/operators', { username, role })
  const response = await fetch(`${inject('baseUrl')}/api/auth/invite`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ inviteToken, password }),
  })
  if (!response.ok) throw new Error(`invite failed: ${response.status} ${await response.text()}`)
  const { token } = (await response.json()) as { token: string }
  return { username, password, token }
}

/** A PUT made as the operator whose token is given. */
export async function apiPutAs(token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`PUT ${path} failed: ${response.status} ${await response.text()}`)
}
