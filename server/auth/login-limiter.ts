import { CompiledQuery, type Kysely } from 'kysely'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { HttpError } from '../errors'

// Brute-force brake per username: 10 failed logins within 60 s block that username for 5
// minutes; other usernames are unaffected. With PostgreSQL the counts live in its
// `login_limits` table (migration 010), so the budget is one across every instance and survives
// restarts; with SQLite (one process) they are kept in memory.
//
// A point is taken BEFORE the password is checked and given back on success. Counting only
// after a failure would let many parallel guesses pass the check before any failure is
// recorded.

export interface LoginLimiterOptions {
  points?: number
  durationSeconds?: number
  blockSeconds?: number
}

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface LoginLimiter {
  /** Counts an attempt for this username; not allowed once the budget is spent. */
  attempt(username: string): Promise<LoginAttempt>
  /** Refunds the attempt of a successful login. */
  succeeded(username: string): Promise<void>
}

export function createLoginLimiter(
  options: LoginLimiterOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: only raw SQL is run through it
  postgres?: Kysely<any>,
): LoginLimiter {
  const settings = {
    keyPrefix: 'login',
    points: options.points ?? 10,
    duration: options.durationSeconds ?? 60,
    blockDuration: options.blockSeconds ?? 300,
  }
  const limiter = postgres
    ? new RateLimiterPostgres({
        ...settings,
        // The limiter's queries go through the app's own pool (as the `pool` store type
        // expects: an object with `query({ text, values })`); the table comes from a migration.
        storeClient: {
          query: ({ text, values }: { text: string; values?: unknown[] }) =>
            postgres.executeQuery(CompiledQuery.raw(text, values ?? [])),
        },
        storeType: 'pool',
        tableName: 'login_limits',
        tableCreated: true,
      })
    : new RateLimiterMemory(settings)
  // Usernames are compared case-insensitively here so "Admin" and "admin" share one budget.
  const key = (username: string) => username.toLowerCase()

  return {
    async attempt(username) {
      try {
        await limiter.consume(key(username))
        return { allowed: true }
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
          }
        }
        throw rejection
      }
    },
    async succeeded(username) {
      await limiter.reward(key(username))
    },
  }
}

/** Refusal of a guess on an account route (a code, the current password) once the username's
 * budget is spent; the sign-in has its own words. */
export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again later.'

/** Takes an attempt from the username's budget, or refuses with 429 and when to retry. */
export async function takeAttempt(
  limiter: LoginLimiter,
  username: string,
  refusal = TOO_MANY_ATTEMPTS,
): Promise<void> {
  const attempt = await limiter.attempt(username)
  if (!attempt.allowed) {
    throw new HttpError(429, refusal, { 'retry-after': String(attempt.retryAfterSeconds) })
  }
}
