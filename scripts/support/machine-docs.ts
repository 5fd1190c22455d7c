// Renders docs/machines.md from the machine objects: a Mermaid diagram, the states, events and
// edges, and what a test provides. Only each machine's one-line summary and input are written
// here by hand; `npm run docs:machines` rewrites the file and a test fails when it is stale.
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { bulkActionsMachine } from '../../src/machines/bulk-actions-machine'
import { cropMachine } from '../../src/machines/crop-machine'
import { csvExportMachine } from '../../src/machines/csv-export-machine'
import { csvImportMachine } from '../../src/machines/csv-import-machine'
import { deleteMachine } from '../../src/machines/delete-machine'
import { drawerMachine } from '../../src/machines/drawer-machine'
import { formEditMachine } from '../../src/machines/form-edit-machine'
import { formSubmitMachine } from '../../src/machines/form-submit-machine'
import { liveChangesMachine } from '../../src/machines/live-changes-machine'
import { revertMachine } from '../../src/machines/revert-machine'
import { sessionMachine } from '../../src/machines/session-machine'
import { twoFactorSetupMachine } from '../../src/machines/two-factor-setup-machine'
import { type Edge, machineEdges, nameOf, statePath } from './machine-graph'

interface Documented {
  machine: AnyStateMachine
  file: string
  summary: string
  input: string
}

export const documentedMachines: Documented[] = [
  {
    machine: sessionMachine,
    file: 'src/machines/session-machine.ts',
    summary:
      'The operator’s session: restored from a stored token, signed in (with a code when two-factor sign-in is on) and out.',
    input: '`{ tokenStore }` — tests pass `memoryTokenStore(token)`',
  },
  {
    machine: drawerMachine,
    file: 'src/machines/drawer-machine.ts',
    summary: 'The narrow-screen side menu; every way of dismissing it is its own event.',
    input: 'none',
  },
  {
    machine: formSubmitMachine,
    file: 'src/machines/form-submit-machine.ts',
    summary: 'The busy state of every form: submit, then succeeded or failed.',
    input: '`{ fallbackError }` — the form’s text when the server sends no detail',
  },
  {
    machine: formEditMachine,
    file: 'src/machines/form-edit-machine.ts',
    summary:
      'A schema form’s own state beside the form-submit machine: dirty or clean, and whether its save is leaving the page.',
    input: 'none (`form.load` gives it the form’s first data)',
  },
  {
    machine: cropMachine,
    file: 'src/machines/crop-machine.ts',
    summary: 'Pick an image, crop and zoom it, export a PNG, and (photos, logos) upload it.',
    input: 'the crop settings (`photoCrop`, `productImageCrop`… in src/lib/crop-presets.ts)',
  },
  {
    machine: deleteMachine,
    file: 'src/machines/delete-machine.ts',
    summary:
      'A Delete behind its confirm dialog; a 409 keeps the dialog open as `refused`, showing the server’s reason and, where the page offers one, an alternative (Disable).',
    input: 'none (`delete.open` says whether the page offers an alternative)',
  },
  {
    machine: revertMachine,
    file: 'src/machines/revert-machine.ts',
    summary:
      'Restore this version (history): what it changes, asked of the server, then saved; a stale record (412/409) keeps the dialog open as `stale`, offering Reload.',
    input: 'none (`revert.open` names the history entry)',
  },
  {
    machine: csvExportMachine,
    file: 'src/machines/csv-export-machine.ts',
    summary:
      'A list’s CSV export: requested, read with progress, then saved, cancelled, cut off or failed.',
    input: 'none (`export.start` carries the list’s path and query)',
  },
  {
    machine: csvImportMachine,
    file: 'src/machines/csv-import-machine.ts',
    summary:
      'A list’s CSV import dialog: a file checked by a dry run, its preview, the import with upload progress, then done (with an undo), failed or cancelled.',
    input: 'none (the `upload` the app provides knows the list’s import path)',
  },
  {
    machine: bulkActionsMachine,
    file: 'src/machines/bulk-actions-machine.ts',
    summary:
      'The bulk bar’s actions: Enable, Disable and (in the trash) Restore at once, Delete after its confirm dialog; one request each.',
    input: 'none (the selection is read by the `runAction` the app provides)',
  },
  {
    machine: twoFactorSetupMachine,
    file: 'src/machines/two-factor-setup-machine.ts',
    summary:
      'Two-factor sign-in on the Account page: start, scan the QR code, confirm a code, keep the recovery codes; or turn it off with a code.',
    input: 'none (whether it is on now comes from `GET /api/me`)',
  },
  {
    machine: liveChangesMachine,
    file: 'src/machines/live-changes-machine.ts',
    summary:
      'The live-changes stream (`GET /api/events`): connecting, open (handing on each change, and each presence event to the edit pages), retrying with a growing wait after a drop (catching up once open again), stopped on 401.',
    input: 'none',
  },
]

const children = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states)
const allNodes = (node: AnyStateNode): AnyStateNode[] =>
  children(node).flatMap((child) => [child, ...allNodes(child)])
const code = (text: string) => `\`${text}\``
const list = (items: string[]) => items.map(code).join(', ')
const row = (cells: string[]) => `| ${cells.join(' | ')} |`
const table = (head: string[], rows: string[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n')

/** A short label: `readFile done` for `xstate.done.actor.readFile`. */
const eventLabel = (event: string) =>
  event.replace(/^xstate\.(done|error)\.actor\.(.+)$/, (_, outcome, id) =>
    outcome === 'done' ? `${id} done` : `${id} fails`,
  )

function diagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2']
  const declare = (node: AnyStateNode, indent: string) => {
    const initial = node.initial?.target[0]
    if (initial) lines.push(`${indent}[*] --> ${initial.key}`)
    for (const child of children(node)) {
      if (Object.keys(child.states).length === 0) lines.push(`${indent}${child.key}`)
      else {
        lines.push(`${indent}state ${child.key} {`)
        declare(child, `${indent}  `)
        lines.push(`${indent}}`)
      }
    }
  }
  declare(machine.root, '  ')
  // Each transition once, from the node it is written on; the machine's own from each top state.
  for (const node of [machine.root, ...allNodes(machine.root)]) {
    const transitions = [...(node.always ?? []), ...[...node.transitions.values()].flat()]
    for (const transition of transitions) {
      // A top state that handles the event itself is drawn with its own arrow instead.
      const from =
        node === machine.root
          ? children(node).filter((child) => !child.transitions.has(transition.eventType))
          : [node]
      const event = transition.eventType === '' ? 'always' : eventLabel(transition.eventType)
      const guard = transition.guard ? ` [${nameOf(transition.guard)}]` : ''
      const ignored = !transition.target && transition.actions.length === 0 ? ' (ignored)' : ''
      for (const source of from) {
        for (const target of transition.target ?? [source]) {
          lines.push(`  ${source.key} --> ${target.key} : ${event}${guard}${ignored}`)
        }
      }
    }
  }
  return ['```mermaid', ...lines, '```'].join('\n')
}

function statesTable(machine: AnyStateMachine): string {
  const rows = allNodes(machine.root).map((node) => [
    code(statePath(node)),
    node.type,
    list([...node.tags]),
    list(node.entry.map(nameOf)),
    list(node.exit.map(nameOf)),
    list(node.invoke.map((invoke) => nameOf(invoke.src))),
  ])
  return table(['state', 'kind', 'tags', 'on entry', 'on exit', 'runs'], rows)
}

function eventsTable(edges: Edge[]): string {
  const where = new Map<string, string[]>()
  for (const edge of edges) where.set(edge.event, [...(where.get(edge.event) ?? []), edge.source])
  const rows = [...where].map(([event, states]) => [code(event), list([...new Set(states)])])
  return table(['event', 'handled in'], rows)
}

function edgesTable(edges: Edge[]): string {
  const rows = edges.map((edge) => [
    code(edge.source),
    code(edge.event),
    edge.guard ? code(edge.guard) : '',
    edge.target ? code(edge.target) : edge.actions.length ? '(stays)' : '(ignored)',
    list(edge.actions),
    code(edge.definedOn),
  ])
  return table(['source', 'event', 'guard', 'target', 'actions', 'written on'], rows)
}

function provided({ machine, input }: Documented): string {
  const { actors, actions, guards } = machine.implementations
  const entries = Object.entries(actions)
  const builtIn = (action: unknown) => typeof action === 'function' && 'resolve' in action
  const effects = entries.filter(([, action]) => !builtIn(action)).map(([name]) => name)
  const updates = entries.filter(([, action]) => builtIn(action)).map(([name]) => name)
  return [
    `- **Input:** ${input}.`,
    `- **Actors** (placeholders until provided): ${list(Object.keys(actors)) || 'none'}.`,
    `- **Effect actions** (provide fakes to observe them): ${list(effects) || 'none'}.`,
    `- **Built in** (tests leave them): context updates ${list(updates) || 'none'};` +
      ` guards ${list(Object.keys(guards)) || 'none'}.`,
  ].join('\n')
}

function section(documented: Documented): string {
  const { machine, file, summary } = documented
  const edges = machineEdges(machine)
  return [
    `## ${machine.id}`,
    `${summary} Source: [${file}](../${file}).`,
    diagram(machine),
    '### States',
    statesTable(machine),
    '### Events',
    eventsTable(edges),
    `### Transitions (${edges.length} edges)`,
    'One row per edge: a state × an event it handles (wherever written), per guarded alternative.' +
      ' The coverage test fails naming any row no test takes.',
    edgesTable(edges),
    '### What a test provides',
    provided(documented),
  ].join('\n\n')
}

const WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten']
const count = (n: number) => WORDS[n] ?? String(n)

export function renderMachineDocs(): string {
  const total = documentedMachines.reduce((sum, m) => sum + machineEdges(m.machine).length, 0)
  return `${[
    '# The state machines',
    '<!-- Generated by `npm run docs:machines` from the machine objects; do not edit by hand. -->',
    `${count(documentedMachines.length)} machines, ${total} edges in all. How to test them: [testing.md](testing.md).`,
    ...documentedMachines.map(section),
  ].join('\n\n')}\n`
}
