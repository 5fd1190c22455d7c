// A Delete (or Remove) button behind the spec's confirm dialog ('Are you sure?' / 'This action
// cannot be undone. This will permanently delete the …'). Success is a toast; a failure shows
// the server's detail (else the fallback). When the server refuses because something still
// holds the record (409) and the caller offers an alternative (a provider with products can be
// disabled instead), the dialog shows the server's detail and offers that alternative.
import { Button, type ButtonProps } from '@chakra-ui/react'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { errorText, isApiError } from '../lib/api-client'
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

type Step = { name: 'closed' } | { name: 'confirming' } | { name: 'refused'; detail: string }

export function DeleteButton(props: DeleteButtonProps) {
  const { noun, run, messages, onDone, alternative, label = 'Delete', size } = props
  const [step, setStep] = useState<Step>({ name: 'closed' })
  const [busy, setBusy] = useState(false)
  const close = () => setStep({ name: 'closed' })

  const attempt = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true)
    try {
      await action()
      close()
      notify.success(done)
      return true
    } catch (error) {
      if (alternative && step.name === 'confirming' && isApiError(error) && error.status === 409) {
        setStep({ name: 'refused', detail: errorText(error, failed) })
      } else {
        close()
        notify.error(errorText(error, failed))
      }
      return false
    } finally {
      setBusy(false)
    }
  }

  const confirm = async () => {
    if (await attempt(run, messages.done, messages.failed)) onDone()
  }
  const refused = step.name === 'refused' && alternative

  return (
    <>
      <Button
        colorPalette="red"
        variant="outline"
        size={size}
        onClick={() => setStep({ name: 'confirming' })}
      >
        <Trash2 aria-hidden /> {label}
      </Button>
      <ConfirmDialog
        open={step.name !== 'closed'}
        title={refused ? `This ${noun} cannot be deleted` : 'Are you sure?'}
        text={
          refused
            ? step.detail
            : `This action cannot be undone. This will permanently delete the ${noun}.`
        }
        confirmText={refused ? alternative.label : label}
        busy={busy}
        onConfirm={() =>
          refused
            ? void attempt(alternative.run, alternative.done, alternative.failed)
            : void confirm()
        }
        onCancel={close}
      />
    </>
  )
}
