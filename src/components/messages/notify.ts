// Toasts reachable from anywhere: `notify.error(detail ?? 'Error loading data')`. A toast may
// carry one action beside Dismiss (Undo after a delete): `notify.success(text, { action })`.
import { createToaster } from '@chakra-ui/react'
import { type MessageKind, messageTitles } from './message-kinds'

export const toaster = createToaster({ placement: 'bottom-end', max: 5, pauseOnPageIdle: true })
/**
 * While a dialog is open, toasts show at the top instead: a dialog's buttons sit at its bottom
 * (the crop dialog's Upload), where stacked toasts would cover them.
 */
export const dialogToaster = createToaster({
  placement: 'top-end',
  max: 5,
  pauseOnPageIdle: true,
})
export const toasters = [toaster, dialogToaster] as const

const dialogOpen = () =>
  document.querySelector(':is([role="dialog"], [role="alertdialog"])[data-state="open"]') !== null

// Errors stay longer: they usually explain why something the operator did failed.
const durations: Record<MessageKind, number> = {
  error: 8000,
  warning: 6000,
  success: 4000,
  info: 5000,
}

/** A toast with an action stays long enough to read it and reach its button. */
const ACTION_DURATION = 10_000

/** A button beside Dismiss; pressing it runs `run` and closes the toast. */
export interface ToastAction {
  label: string
  run: () => void
}

export interface ToastOptions {
  action?: ToastAction
}

let counter = 0

function toast(kind: MessageKind, text: string, { action }: ToastOptions = {}): string {
  counter += 1
  const id = `toast-${counter}`
  // Chakra's toaster renders with flushSync, which React refuses (and logs) inside an effect or a
  // render. Creating the toast a microtask later makes `notify` safe to call from anywhere.
  queueMicrotask(() => {
    // A success answers the failures before it ("…created successfully!" after "…already
    // exists"): their toasts would only contradict it now.
    if (kind === 'success') {
      for (const store of toasters) {
        for (const shown of store.getVisibleToasts()) {
          if (shown.type === 'error' && shown.id) store.dismiss(shown.id)
        }
      }
    }
    ;(dialogOpen() ? dialogToaster : toaster).create({
      id,
      type: kind,
      title: messageTitles[kind],
      description: text,
      duration: action ? ACTION_DURATION : durations[kind],
      closable: true,
      action: action && { label: action.label, onClick: action.run },
    })
  })
  return id
}

export const notify = {
  success: (text: string, options?: ToastOptions) => toast('success', text, options),
  error: (text: string, options?: ToastOptions) => toast('error', text, options),
  warning: (text: string, options?: ToastOptions) => toast('warning', text, options),
  info: (text: string, options?: ToastOptions) => toast('info', text, options),
  dismiss: (id?: string) => {
    for (const store of toasters) store.dismiss(id)
  },
}
