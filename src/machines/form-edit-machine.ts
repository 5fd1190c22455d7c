// What a schema form knows about itself, in two regions side by side: whether its data differs
// from what it started with (`edits`: clean or dirty), and whether its own save is under way
// (`save`: idle or saving) — a form being saved may leave the page without asking. The
// form-submit machine runs the save itself: `form.submit` is the form handing it a valid form,
// `save.settled` the form-submit machine no longer busy (its save failed and the form stayed,
// or it succeeded). SchemaForm (src/forms/schema-form.tsx) runs this machine and the unsaved-
// changes guard reads it. No effects: everything here is the machine's own.
import { assign, setup } from 'xstate'

export interface FormEditContext {
  /** The form's first data (RJSF's own first state, defaults filled in), once it is read. */
  initial: { data: unknown } | null
}

export type FormEditEvent =
  | { type: 'form.load'; data: unknown }
  | { type: 'form.change'; data: unknown }
  | { type: 'form.submit' }
  | { type: 'save.settled' }

/** Undefined members dropped: a field typed into and emptied again counts as untouched. */
export const comparable = (data: unknown): unknown =>
  data === undefined ? {} : JSON.parse(JSON.stringify(data))

/** Whether two pieces of JSON data are the same, whatever the order of their keys. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  const recordA = a as Record<string, unknown>
  const recordB = b as Record<string, unknown>
  return keysA.every((key) => key in recordB && sameData(recordA[key], recordB[key]))
}

export const formEditMachine = setup({
  types: {
    context: {} as FormEditContext,
    events: {} as FormEditEvent,
  },
  guards: {
    /** The data differs from the form's first data (an edit made before that is read is not). */
    differsFromStart: ({ context, event }) =>
      event.type === 'form.change' &&
      context.initial !== null &&
      !sameData(comparable(event.data ?? {}), context.initial.data),
  },
}).createMachine({
  id: 'formEdit',
  context: { initial: null },
  type: 'parallel',
  states: {
    edits: {
      initial: 'clean',
      on: {
        // An edit back to the first data makes the form clean again.
        'form.change': [{ guard: 'differsFromStart', target: '.dirty' }, { target: '.clean' }],
      },
      states: {
        clean: {
          on: {
            // Read once the form is rendered, before any edit.
            'form.load': {
              actions: assign({ initial: ({ event }) => ({ data: comparable(event.data) }) }),
            },
          },
        },
        dirty: { tags: ['dirty'] },
      },
    },
    save: {
      initial: 'idle',
      states: {
        idle: { on: { 'form.submit': 'saving' } },
        // The save's own navigation (to the saved record) is never held.
        saving: { tags: ['saving'], on: { 'save.settled': 'idle' } },
      },
    },
  },
})
