// A Delete (or Remove) button behind the spec's confirm dialog ('Are you sure?' / 'This action
// cannot be undone. This will permanently delete the …'). Success is a toast; a failure shows
// the server's detail (else the fallback). A record that goes to the trash (decision 022) is
// said to: the dialog says it can be restored, and the success toast offers Undo, which restores
// it and says so (or why it cannot). When the server refuses because something still holds the
// record (409: a category with subcategories, a provider with products), the dialog stays and
// shows the server's detail, with Close, or the caller's alternative (a provider can be disabled
// instead) beside Cancel. The steps are the delete machine's (src/machines/delete-machine.ts);
// this renders them and provides the calls and the toasts.
import { Button, type ButtonProps } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { Trash2 } from 'lucide-react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import { errorText } from '../lib/api-client'
import { useCan } from '../lib/me'
import type { Right } from '../lib/rights'
import { deleteMachine } from '../machines/delete-machine'
import { LazyConfirmDialog as ConfirmDialog } from './lazy-confirm-dialog'
import { notify } from './messages'
import { notifyUndoable, restoreOne } from './trash'
import { TRASH_TEXTS } from './trash-messages'
import type { TrashTarget } from './trash-target'

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
  onDone?: () => void
  alternative?: DeleteAlternative
  /** The record's collection and id when the delete moves it to the trash: Undo restores it. */
  trash?: { target: TrashTarget; id: number }
  /** 'Delete' by default; 'Remove' for a photo, 'Delete for good' in the trash. */
  label?: string
  size?: ButtonProps['size']
  /** Who sees the button: a role that may change the catalogue unless said otherwise. */
  right?: Right
}

export function DeleteButton(props: DeleteButtonProps) {
  return useCan(props.right ?? 'write') ? <AllowedDeleteButton {...props} /> : null
}

function AllowedDeleteButton(props: DeleteButtonProps) {
  const { noun, messages, alternative, trash, label = 'Delete', size } = props
  const client = useQueryClient()
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
          const { messages, trash, onDone } = latest.current
          // Undo may come after this button has gone (the page left for the list).
          if (trash) {
            notifyUndoable('success', messages.done, () =>
              restoreOne(client, trash.target, trash.id),
            )
          } else notify.success(messages.done)
          onDone?.()
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
            : trash
              ? TRASH_TEXTS.moveOne(noun)
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
