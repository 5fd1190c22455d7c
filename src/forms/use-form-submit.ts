// Runs a form's submit machine with the real effects: the API call, then what to do on success;
// a failure is shown as an error message (the server's detail, else the form's fallback). An
// edit screen may take a 412 (the record changed since it was loaded) through `onStale` instead.
import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import { notify } from '../components/messages'
import { isApiError } from '../lib/api-client'
import { formSubmitMachine } from '../machines/form-submit-machine'

export interface UseFormSubmitOptions<T, R> {
  submit: (data: T) => Promise<R>
  onSuccess: (result: R) => void
  /** After the error message is shown, e.g. to close a confirm dialog. */
  onFailure?: (error: unknown) => void
  /** Takes a 412 instead of the error message: the page offers to reload the record. */
  onStale?: (error: unknown) => void
  fallbackError: string
}

export function useFormSubmit<T, R>(options: UseFormSubmitOptions<T, R>) {
  // The machine is created once; the latest callbacks are read through a ref.
  const latest = useRef(options)
  latest.current = options
  const actor = useActorRef(
    formSubmitMachine.provide({
      actors: {
        submit: fromPromise<unknown, { data: unknown }>(({ input }) =>
          latest.current.submit(input.data as T),
        ),
      },
      actions: {
        reportSuccess: (_, params) => latest.current.onSuccess(params.result as R),
        reportFailure: (_, params) => {
          const { onStale } = latest.current
          const stale = isApiError(params.error) && params.error.status === 412
          if (stale && onStale) onStale(params.error)
          else notify.error(params.message)
          latest.current.onFailure?.(params.error)
        },
      },
    }),
    { input: { fallbackError: options.fallbackError } },
  )
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  return { busy, submit: (data: T) => actor.send({ type: 'form.submit', data }) }
}
