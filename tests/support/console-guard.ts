// Noisy tests fail: any console.error a test did not announce with `expectConsoleError` is a bug.
import { afterEach, beforeEach, vi } from 'vitest'

let logged: unknown[][] = []
let allowed: RegExp[] = []
let spy: { mockRestore(): void } | null = null

/** Lets the current test log one kind of console.error (matched on its text). */
export function expectConsoleError(pattern: RegExp) {
  allowed.push(pattern)
}

const describeArgs = (args: unknown[]) =>
  args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ')

export function installConsoleGuard() {
  beforeEach(() => {
    logged = []
    allowed = []
    spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args)
    })
  })

  afterEach(() => {
    const unexpected = logged
      .map(describeArgs)
      .filter((text) => !allowed.some((pattern) => pattern.test(text)))
    logged = []
    spy?.mockRestore()
    spy = null
    if (unexpected.length > 0) {
      throw new Error(`Unexpected console.error:\n${unexpected.join('\n---\n')}`)
    }
  })
}
