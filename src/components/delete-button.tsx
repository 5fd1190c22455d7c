// A Delete (or Remove) button behind the spec's confirm dialog ('Are you sure?' / 'This action
// cannot be undone. This will permanently delete the …'). Success is a toast; a failure shows
// the server's detail (else the fallback). When the server refuses because something still
// holds the record (409: a category with subcategories, a provider with products), the dialog
// stays and shows the server's detail, with Close, or the caller's alternative (a provider can
// be disabled instead) beside Cancel. The steps are the delete machine's
// (src/machines/delete-machine.ts); this renders them and provides the calls and the toasts.
import { Button, type ButtonProps } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { Trash2 } from 'lucide-react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import { errorText } from '../lib/api-client'
import { useCan } from '../lib/me'
import { deleteMachine } from '../machines/delete-machine'
import { ConfirmDialog } from './confirm-dialog'
import { notify } from './messages'

export interface DeleteAlternative {
  /** The dialog's button, e.g. 'Disable'. */
  label: string
  run: () => Promise<unknown>
  done: string
  failed: string
}

export interface DeleteButtonProps {
  /** What goes: "This will permanently delete the {noun}." */
  noun: string
  run: () => Promise<unknown>
  /** The success toast, and the error text when the server sends no detail. */
  messages: { done: string; failed: string }
  /** After the success toast, e.g. to go to the list. */
  onDone: () => void
  alternative?: DeleteAlternative
  /** 'Delete' by default; 'Remove' for a photo. */
  label?: string
  size?: ButtonProps['size']
}

/** Shown only to a role that may change the catalogue. */
export function DeleteButton(props: DeleteButtonProps) {
  return useCan('write') ? <AllowedDeleteButton {...props} /> : null
}

function AllowedDeleteButton(props: DeleteButtonProps) {
  const { noun, messages, alternative, label = 'Delete', size } = props
  // The machine is created once; the latest props are read through a ref.
  const latest = useRef(props)
  latest.current = props
  const actor = useActorRef(
    deleteMachine.provide({
      actors: {
        remove: fromPromise(() => latest.current.run()),
        alternative: fromPromise(async () => latest.current.alternative?.run()),
      },
      actions: {
        reportDeleted: () => {
          notify.success(latest.current.messages.done)
          latest.current.onDone()
        },
        reportAlternativeDone: () => {
          const done = latest.current.alternative?.done
          if (done) notify.success(done)
        },
        reportFailure: (_, { step, error }) => {
          const { messages, alternative } = latest.current
          const failed = step === 'delete' ? messages.failed : (alternative?.failed ?? '')
          notify.error(errorText(error, failed))
        },
      },
    }),
  )
  const open = useSelector(actor, (state) => state.hasTag('open'))
  const busy = useSelector(actor, (state) => state.hasTag('busy'))
  const refusal = useSelector(actor, (state) =>
    state.hasTag('refused') ? state.context.refusal : undefined,
  )
  const refused = refusal !== undefined

  return (
    <>
      <Button
        colorPalette="red"
        variant="outline"
        size={size}
        onClick={() => actor.send({ type: 'delete.open', offersAlternative: !!alternative })}
      >
        <Trash2 aria-hidden /> {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={refused ? `This ${noun} cannot be deleted` : 'Are you sure?'}
        text={
          refused
            ? errorText(refusal, messages.failed)
            : `This action cannot be undone. This will permanently delete the ${noun}.`
        }
        confirmText={refused ? alternative?.label : label}
        cancelText={refused && !alternative ? 'Close' : 'Cancel'}
        busy={busy}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </>
  )
}
