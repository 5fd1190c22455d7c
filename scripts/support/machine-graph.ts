// A machine's definition read from the machine object itself (its state nodes and transitions),
// so the docs (scripts/machine-docs.ts) and the coverage test (tests/support/machines.ts) list
// the same edges and no list is kept by hand. An edge is a state the machine can rest in × an
// event it handles there, wherever that is written (the state, a parent, the machine), one per
// guarded alternative, until the first alternative without a guard.
import { getStateNodes } from '@xstate/graph'
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

export interface Edge {
  /** Names the edge in docs and failures: `active.cropping · crop.apply [hasArea] → …`. */
  key: string
  /** The atomic state the machine is in. */
  source: string
  /** The event type; `always` for an eventless transition. */
  event: string
  guard: string | null
  /** Where it goes; null when it stays (an ignored event, or only actions). */
  target: string | null
  actions: string[]
  /** The node the transition is written on (`(machine)` for the root). */
  definedOn: string
}

export const statePath = (node: AnyStateNode) => node.path.join('.') || '(machine)'

/** The states a snapshot can rest in (the nodes without children), in definition order. */
export const atomicStates = (machine: AnyStateMachine) =>
  getStateNodes(machine.root).filter((node) => node.type === 'atomic' || node.type === 'final')

const ancestry = (node: AnyStateNode) => {
  const chain: AnyStateNode[] = []
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) chain.push(at)
  return chain
}

const ownTransitions = (node: AnyStateNode, eventType: string): AnyTransitionDefinition[] =>
  eventType === '' ? (node.always ?? []) : (node.transitions.get(eventType) ?? [])

/** The alternatives XState tries for an event in `state`: its own first, then its ancestors'. */
function alternatives(state: AnyStateNode, eventType: string) {
  const found: AnyTransitionDefinition[] = []
  for (const node of ancestry(state)) {
    for (const transition of ownTransitions(node, eventType)) {
      found.push(transition)
      if (!transition.guard) return found
    }
  }
  return found
}

/**
 * The guarded edges of `state` that a guard named `guard` decides for an event of type
 * `eventType`: those written for the event itself, else eventless ones (XState checks a state's
 * eventless transitions after every step, with the step's event).
 */
export function guardedEdges(state: AnyStateNode, eventType: string, guard: string): Edge[] {
  const decides = (type: string) =>
    alternatives(state, type)
      .filter((transition) => transition.guard && nameOf(transition.guard) === guard)
      .map((transition) => toEdge(state, transition))
  const forEvent = decides(eventType)
  return forEvent.length ? forEvent : decides('')
}

/** A name for a guard, an action or an actor as written in the machine. */
export function nameOf(item: unknown): string {
  if (typeof item === 'string') return item
  if (item && typeof item === 'object' && 'type' in item) return String(item.type)
  if (typeof item === 'function') {
    const type = (item as { type?: string }).type
    if (type) return type.replace(/^xstate\./, '')
    return item.name || 'inline'
  }
  return String(item)
}

export function toEdge(state: AnyStateNode, transition: AnyTransitionDefinition): Edge {
  const event = transition.eventType === '' ? 'always' : transition.eventType
  const guard = transition.guard ? nameOf(transition.guard) : null
  const target = transition.target?.length ? transition.target.map(statePath).join(', ') : null
  const source = statePath(state)
  return {
    key: `${source} · ${event}${guard ? ` [${guard}]` : ''} → ${target ?? '(stays)'}`,
    source,
    event,
    guard,
    target,
    actions: transition.actions.map(nameOf),
    definedOn: statePath(transition.source),
  }
}

/** Every edge of the machine, state by state. */
export function machineEdges(machine: AnyStateMachine): Edge[] {
  const edges = atomicStates(machine).flatMap((state) => {
    const eventTypes = new Set(
      ancestry(state).flatMap((node) => [
        ...(node.always?.length ? [''] : []),
        ...node.transitions.keys(),
      ]),
    )
    return [...eventTypes].flatMap((type) =>
      alternatives(state, type).map((transition) => toEdge(state, transition)),
    )
  })
  const keys = new Set(edges.map((edge) => edge.key))
  if (keys.size !== edges.length) throw new Error(`${machine.id}: two edges share a name`)
  return edges
}

/** The atomic state a transition was taken from, given the snapshot before it. */
export function sourceState(
  transition: AnyTransitionDefinition,
  before: { _nodes: AnyStateNode[] } | undefined,
): AnyStateNode {
  const { source } = transition
  if (source.type === 'atomic' || source.type === 'final') return source
  const state = before?._nodes.find(
    (node) => (node.type === 'atomic' || node.type === 'final') && ancestry(node).includes(source),
  )
  if (!state) throw new Error(`Cannot tell which state ${statePath(source)}'s transition left`)
  return state
}
