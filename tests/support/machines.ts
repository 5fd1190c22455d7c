// What every machine test shares: start an actor with its fakes while recording the edges it
// takes and what each guard decided, promises a test settles by hand, a token store in memory,
// and the generated tests — shortest paths to every state, and coverage of every edge and of
// every guard both ways. See docs/testing.md.
import { getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import {
  type Actor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type EventObject,
  fromCallback,
  fromPromise,
  type InputFrom,
  type InspectionEvent,
  type StateValue,
  waitFor,
} from 'xstate'
import {
  guardedEdges,
  machineEdges,
  sourceState,
  toEdge,
} from '../../scripts/support/machine-graph'
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

/**
 * A fake callback actor (`fromCallback`) that reports back only when the test says: `sendBack`
 * sends an event from the latest call to the machine; `stopped` tells whether the machine has
 * stopped that call (left the state that invoked it). Keeps its `calls`.
 */
export function callbackByHand<TInput>() {
  const calls: { input: TInput; sendBack: (event: AnyEventObject) => void; stopped: boolean }[] = []
  const last = () => {
    const call = calls.at(-1)
    if (!call) throw new Error('The effect was never called')
    return call
  }
  return {
    logic: fromCallback<AnyEventObject, TInput>(({ input, sendBack }) => {
      const call = { input, sendBack, stopped: false }
      calls.push(call)
      return () => {
        call.stopped = true
      }
    }),
    calls,
    sendBack: (event: AnyEventObject) => last().sendBack(event),
    stopped: () => last().stopped,
  }
}

/**
 * `active.cropping` for `{ active: 'cropping' }`: a state's name, readable in a failure; a
 * parallel machine's regions are joined by commas (`edits.dirty, save.idle`).
 */
export function where(state: { value: StateValue }): string {
  const paths = (value: StateValue): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value).flatMap(([key, child]) =>
          child === undefined ? [key] : paths(child).map((rest) => `${key}.${rest}`),
        )
  return paths(state.value).join(', ')
}

// What the actors of this test file did, per machine definition (its config: every copy made
// with `.provide()` shares it): the edges taken, each guarded edge's outcomes, the refusals
// the tests expected (`sendRefused`).
interface Refusal {
  /** `active.cropping · crop.apply`: where the event was sent. */
  at: string
  /** Edges taken while handling it: none, if a guard refused it. */
  taken: string[]
  /** Guarded edges that said no while handling it. */
  refusedBy: string[]
}
interface Findings {
  taken: Set<string>
  guards: Map<string, Set<boolean>>
  refusals: Refusal[]
}
const records = new WeakMap<object, Findings>()
const recordOf = (machine: AnyStateMachine): Findings => {
  let record = records.get(machine.config)
  if (!record) {
    record = { taken: new Set(), guards: new Map(), refusals: [] }
    records.set(machine.config, record)
  }
  return record
}
const lastSnapshot = new WeakMap<object, AnyMachineSnapshot>()
// While `sendRefused` sends its event: what happens in the meantime.
let watching: Refusal | null = null

function recordEdges(inspection: InspectionEvent) {
  // The snapshot after each macrostep (the first one included) is where the next one starts.
  if (inspection.type === '@xstate.snapshot' && 'machine' in inspection.snapshot) {
    lastSnapshot.set(inspection.actorRef, inspection.snapshot as AnyMachineSnapshot)
  }
  if (inspection.type !== '@xstate.microstep') return
  const after = inspection.snapshot as AnyMachineSnapshot
  const before = lastSnapshot.get(inspection.actorRef)
  lastSnapshot.set(inspection.actorRef, after)
  const { taken } = recordOf(after.machine)
  for (const transition of inspection._transitions) {
    const key = toEdge(sourceState(transition, before), transition).key
    taken.add(key)
    watching?.taken.push(key)
  }
}

type Guard = (args: { context: unknown; event: EventObject }, params: unknown) => boolean

/** Notes what a guard decided, for the edge it decided: the state's, for the event at hand. */
function recordGuard(snapshot: AnyMachineSnapshot, event: EventObject, guard: string, ok: boolean) {
  const { guards } = recordOf(snapshot.machine)
  const states = snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final')
  for (const state of states) {
    for (const edge of guardedEdges(state, event.type, guard)) {
      const outcomes = guards.get(edge.key) ?? new Set()
      outcomes.add(ok)
      guards.set(edge.key, outcomes)
      if (!ok) watching?.refusedBy.push(edge.key)
    }
  }
}

/**
 * The machine with each named guard wrapped so that its every decision is recorded. XState
 * hands a guard that has a `check` the snapshot it is checked in, which says which state is
 * deciding. (Guards are named in our machines and take no params.)
 */
function recordingGuards<TLogic extends AnyStateMachine>(logic: TLogic): TLogic {
  const named = logic.implementations.guards as { [name: string]: unknown }
  const guards: { [name: string]: Guard } = {}
  for (const [name, guard] of Object.entries(named)) {
    if (typeof guard !== 'function') continue
    const decide = guard as Guard
    const check = (snapshot: AnyMachineSnapshot, args: Parameters<Guard>[0]) => {
      const ok = decide(args, undefined)
      recordGuard(snapshot, args.event, name, ok)
      return ok
    }
    guards[name] = Object.assign((args: Parameters<Guard>[0]) => decide(args, undefined), {
      check,
    })
  }
  return logic.provide({ guards } as never) as TLogic
}

/**
 * Starts the machine (with its fakes already provided), recording every edge it takes and
 * every guard's decision.
 */
export function startMachine<TLogic extends AnyStateMachine>(
  logic: TLogic,
  input?: InputFrom<TLogic>,
): Actor<TLogic> {
  return createActor(recordingGuards(logic), { input, inspect: recordEdges }).start()
}

/**
 * Sends an event a guard should refuse, and records that expectation: the coverage check fails,
 * naming the state and event, if the machine took an edge for it or no guard said no (a guard
 * weakened or removed). The test still asserts what the refusal leaves as it was.
 */
export function sendRefused<TLogic extends AnyStateMachine>(
  actor: Actor<TLogic>,
  event: EventFromLogic<TLogic>,
) {
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot
  const refusal: Refusal = { at: `${where(snapshot)} · ${event.type}`, taken: [], refusedBy: [] }
  watching = refusal
  try {
    actor.send(event)
  } finally {
    watching = null
  }
  recordOf(snapshot.machine).refusals.push(refusal)
}

/** What the coverage check finds wanting for a machine, in the tests run so far in this file. */
export function coverageGaps(machine: AnyStateMachine) {
  const record = recordOf(machine)
  const edges = machineEdges(machine)
  const untaken = edges.filter((edge) => !record.taken.has(edge.key)).map((edge) => edge.key)
  const guarded = edges.filter((edge) => edge.guard !== null)
  const guards = guarded.flatMap((edge) => {
    const outcomes = record.guards.get(edge.key) ?? new Set()
    if (outcomes.has(true) && outcomes.has(false)) return []
    if (outcomes.has(true)) return [`${edge.key}: no test where ${edge.guard} fails`]
    if (outcomes.has(false)) return [`${edge.key}: no test where ${edge.guard} passes`]
    return [`${edge.key}: ${edge.guard} never checked`]
  })
  const refusals = record.refusals.flatMap(({ at, taken, refusedBy }) => {
    if (taken.length) return [`${at}: expected a guard to refuse it, but took ${taken.join(', ')}`]
    if (!refusedBy.length) return [`${at}: expected a guard to refuse it, but no guard did`]
    return []
  })
  return { edges, untaken, guarded, guards, refusals: [...new Set(refusals)] }
}

/**
 * The last test of a machine's file: fails naming every edge of the machine no test above took,
 * every guarded edge not seen both passing and failing, and every expected refusal that a guard
 * no longer makes.
 */
export function describeEdgeCoverage(machine: AnyStateMachine) {
  describe(`${machine.id} machine: every edge is taken, every guard tested both ways`, () => {
    it('takes each state × event the definition handles', () => {
      const { edges, untaken } = coverageGaps(machine)
      console.info(`${machine.id}: ${edges.length - untaken.length}/${edges.length} edges taken`)
      expect(untaken, 'edges no test takes').toEqual([])
    })

    it('sees each guarded edge both passing and failing, and each expected refusal', () => {
      const { guarded, guards, refusals } = coverageGaps(machine)
      const both = guarded.length - guards.length
      console.info(`${machine.id}: ${both}/${guarded.length} guarded edges tested both ways`)
      expect(guards, 'guarded edges not tested both ways').toEqual([])
      expect(refusals, 'refusals no guard makes').toEqual([])
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
