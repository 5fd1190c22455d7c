import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

// Small request helpers shared by the server suites.

export type Json = Record<string, unknown>

export type Query = Record<string, string | number | boolean>

/** A query as `app.inject` takes it: every value a string. */
export function stringify(query: Query): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]))
}

/** The response has this status and the error body `{ detail }`. */
export function expectDetail(response: LightMyRequestResponse, status: number, detail: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toEqual({ detail })
}
