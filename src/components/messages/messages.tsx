import { MessageDialog } from './message-dialog'
import { Toasts } from './toasts'

/** Mounted once in the providers so `notify` and `showMessage` work from anywhere. */
export function Messages() {
  return (
    <>
      <Toasts />
      <MessageDialog />
    </>
  )
}
