// What every machine test shares: start an actor with its fakes while recording the edges it
// takes, promises a test settles by hand, a token store in memory, and the generated tests —
// shortest paths to every state, and coverage of every edge. See docs/testing.md.
import { getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import {
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  type InputFrom,
  type InspectionEvent,
  type StateValue,
  waitFor,
} from 'xstate'
import { machineEdges, sourceState, toEdge } from '../../scripts/support/machine-graph'
import type { SessionTokenStore } from '../../src/machines/session-machine'

/** A promise the test resolves or rejects when it wants, to look at the state meanwhile. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

/** The session's token store without a browser: what `localStorage` would hold. */
export function memoryTokenStore(initial: string | null = null): SessionTokenStore {
  let token = initial
  return {
    get: () => token,
    set: (next) => {
      token = next
    },
    clear: () => {
      token = null
    },
  }
}

/** A fake effect whose every call waits until the test settles it (`resolve`/`reject`). */
export function settledByHand<TOutput, TInput>() {
  const calls: { input: TInput; result: ReturnType<typeof deferred<TOutput>> }[] = []
  const last = () => {
    const call = calls.at(-1)
    if (!call) throw new Error('The effect was never called')
    return call.result
  }
  return {
    logic: fromPromise<TOutput, TInput>(({ input }) => {
      const result = deferred<TOutput>()
      calls.push({ input, result })
      return result.promise
    }),
    calls,
    resolve: (output: TOutput) => last().resolve(output),
    reject: (error: unknown) => last().reject(error),
  }
}

/** `active.cropping` for `{ active: 'cropping' }`: a state's name, readable in a failure. */
export function where(state: { value: StateValue }): string {
  const paths = (value: StateValue): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value).flatMap(([key, child]) =>
          child === undefined ? [key] : paths(child).map((rest) => `${key}.${rest}`),
        )
  return paths(state.value).join(', ')
}

// Edge keys taken by the actors of this test file, per machine id.
const taken = new Map<string, Set<string>>()
const lastSnapshot = new WeakMap<object, AnyMachineSnapshot>()

function recordEdges(inspection: InspectionEvent) {
  // The snapshot after each macrostep (the first one included) is where the next one starts.
  if (inspection.type === '@xstate.snapshot' && 'machine' in inspection.snapshot) {
    lastSnapshot.set(inspection.actorRef, inspection.snapshot as AnyMachineSnapshot)
  }
  if (inspection.type !== '@xstate.microstep') return
  const after = inspection.snapshot as AnyMachineSnapshot
  const before = lastSnapshot.get(inspection.actorRef)
  lastSnapshot.set(inspection.actorRef, after)
  const keys = taken.get(after.machine.id) ?? new Set()
  taken.set(after.machine.id, keys)
  for (const transition of inspection._transitions) {
    keys.add(toEdge(sourceState(transition, before), transition).key)
  }
}

/** Starts the machine (with its fakes already provided) and records every edge it takes. */
export function startMachine<TLogic extends AnyStateMachine>(
  logic: TLogic,
  input?: InputFrom<TLogic>,
): Actor<TLogic> {
  return createActor(logic, { input, inspect: recordEdges }).start()
}

/**
 * The last test of a machine's file: fails naming every edge of the machine no test above took.
 */
export function describeEdgeCoverage(machine: AnyStateMachine) {
  describe(`${machine.id} machine: every edge is taken`, () => {
    it('takes each state × event the definition handles', () => {
      const edges = machineEdges(machine)
      const seen = taken.get(machine.id) ?? new Set()
      const missing = edges.filter((edge) => !seen.has(edge.key)).map((edge) => edge.key)
      console.info(`${machine.id}: ${edges.length - missing.length}/${edges.length} edges taken`)
      expect(missing, 'edges no test takes').toEqual([])
    })
  })
}

interface PathRun {
  actor: Actor<AnyStateMachine>
  /** The fakes by invoke id: a path's `xstate.done.actor.<id>` resolves that fake's last call. */
  effects: Record<string, { resolve(output: unknown): void; reject(error: unknown): void }>
}

// A user event, or an effect's outcome: `xstate.done.actor.<id>` with its `output`,
// `xstate.error.actor.<id>` with its `error`.
type PathEvent = EventObject & Record<string, unknown>

const effectEvent = /^xstate\.(done|error)\.actor\.(.+)$/

/** `login done` for `xstate.done.actor.login`, `login fails` for its error. */
const stepName = (type: string) =>
  type.replace(effectEvent, (_, outcome, id) => `${id} ${outcome === 'done' ? 'done' : 'fails'}`)

/** Plays an `xstate.done.actor.*` / `xstate.error.actor.*` step on its fake, any other on the actor. */
function play(run: PathRun, event: PathEvent) {
  const effect = effectEvent.exec(event.type)
  if (!effect) return run.actor.send(event)
  const [, outcome, id] = effect
  const fake = run.effects[id as string]
  if (!fake) throw new Error(`No fake for the ${id} effect`)
  if (outcome === 'done') fake.resolve(event.output)
  else fake.reject(event.error)
}

/**
 * One test per state the machine can reach from its start: the shortest path there, generated
 * from the definition (@xstate/graph), played on a real actor with fakes; each step and the
 * end state are asserted.
 */
export function describeShortestPaths(
  title: string,
  machine: AnyStateMachine,
  options: { input?: unknown; events: PathEvent[]; start: () => PathRun },
) {
  // The traversal tries only the events listed: a new event left out would hide its states.
  const listed = new Set(options.events.map((event) => event.type))
  const unlisted = machineEdges(machine)
    .map((edge) => edge.event)
    .filter((type) => type !== 'always' && !listed.has(type))
  if (unlisted.length)
    throw new Error(`List these events for ${machine.id}: ${[...new Set(unlisted)]}`)
  const paths = getShortestPaths(machine, {
    input: options.input,
    events: options.events,
    serializeState: (state) => where(state),
  })
  describe(title, () => {
    for (const path of paths) {
      const events = path.steps.slice(1).map((step) => stepName(step.event.type))
      it(`${where(path.state)} ← ${events.join(' → ') || 'start'}`, async () => {
        const run = options.start()
        for (const step of path.steps.slice(1)) {
          play(run, step.event)
          await waitFor(run.actor, (state) => where(state) === where(step.state))
        }
        expect(where(run.actor.getSnapshot())).toBe(where(path.state))
        expect([...run.actor.getSnapshot().tags].sort()).toEqual([...path.state.tags].sort())
      })
    }
  })
}
