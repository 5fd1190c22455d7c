// Toasts reachable from anywhere: `notify.error(detail ?? 'Error loading data')`.
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

/** A button in the toast that acts on what it reports (Undo import); pressing it dismisses it. */
export interface ToastAction {
  label: string
  onClick: () => void
}

/** Long enough to read the counts and decide; paused while hovered or focused. */
const ACTION_DURATION = 30_000

let counter = 0

function toast(kind: MessageKind, text: string, action?: ToastAction): string {
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
      action,
    })
  })
  return id
}

export const notify = {
  success: (text: string, action?: ToastAction) => toast('success', text, action),
  error: (text: string) => toast('error', text),
  warning: (text: string) => toast('warning', text),
  info: (text: string) => toast('info', text),
  dismiss: (id?: string) => {
    for (const store of toasters) store.dismiss(id)
  },
}
