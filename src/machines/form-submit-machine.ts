// The busy state of every form: idle → submitting → succeeded | failed. The app provides the
// `submit` actor (the API call) and the `reportSuccess` / `reportFailure` effects (navigate,
// toast); tests pass fakes. A second submit while busy is ignored (no transition for it).
import { assign, fromPromise, setup } from 'xstate'

export interface FormSubmitInput {
  /** The spec's message for this form when the server sends no `detail`. */
  fallbackError: string
}

export interface FormSubmitContext {
  fallbackError: string
  error: string | null
  result: unknown
}

export type FormSubmitEvent = { type: 'form.submit'; data: unknown }

/** The server's `detail` when it sent one, else the form's fallback text. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'detail' in error) {
    const detail = (error as { detail: unknown }).detail
    if (typeof detail === 'string' && detail.trim() !== '') return detail
  }
  return fallback
}

export const formSubmitMachine = setup({
  types: {
    context: {} as FormSubmitContext,
    events: {} as FormSubmitEvent,
    input: {} as FormSubmitInput,
  },
  actors: {
    submit: fromPromise<unknown, { data: unknown }>(async () => {
      throw new Error('The submit actor must be provided')
    }),
  },
  actions: {
    reportSuccess: (_, _params: { result: unknown }) => {},
    reportFailure: (_, _params: { message: string; error: unknown }) => {},
  },
}).createMachine({
  id: 'formSubmit',
  context: ({ input }) => ({ fallbackError: input.fallbackError, error: null, result: null }),
  initial: 'idle',
  on: {
    // A new attempt starts clean: the previous failure's message no longer applies.
    'form.submit': { target: '.submitting', actions: assign({ error: null, result: null }) },
  },
  states: {
    idle: {},
    submitting: {
      tags: ['busy'],
      // Ignore further submits while one is in flight.
      on: { 'form.submit': {} },
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ event }) => ({ data: event.data }),
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => event.output, error: null }),
            { type: 'reportSuccess', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({
              error: ({ context, event }) => failureMessage(event.error, context.fallbackError),
            }),
            {
              type: 'reportFailure',
              params: ({ context, event }) => ({
                message: failureMessage(event.error, context.fallbackError),
                error: event.error,
              }),
            },
          ],
        },
      },
    },
    succeeded: {},
    failed: {},
  },
})
