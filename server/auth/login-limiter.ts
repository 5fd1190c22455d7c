import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'

// Brute-force brake per username: 10 failed logins within 60 s block that username for 5
// minutes; other usernames are unaffected. In memory, because the product runs as one process;
// a multi-instance deployment would swap in a shared store (RateLimiterPostgres, Redis...).
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

export function createLoginLimiter(options: LoginLimiterOptions = {}): LoginLimiter {
  const limiter = new RateLimiterMemory({
    keyPrefix: 'login',
    points: options.points ?? 10,
    duration: options.durationSeconds ?? 60,
    blockDuration: options.blockSeconds ?? 300,
  })
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
