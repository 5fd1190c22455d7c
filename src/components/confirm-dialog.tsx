// Asks before an action that cannot be undone: a title, a text, Cancel (or the caller's
// `cancelText`) and the action's button (disabled while the action runs). Without an action
// (`confirmText` left out) it only tells, e.g. why a delete was refused. The caller owns `open`
// and closes it when done.
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  text: string
  /** The action's button; none when the dialog only tells. */
  confirmText?: string
  /** The button that keeps things as they are; 'Cancel' unless the caller words it. */
  cancelText?: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, text, confirmText, cancelText = 'Cancel', busy = false } = props
  const { onConfirm, onCancel } = props
  const cancel = useRef<HTMLButtonElement>(null)
  // When the action goes while the dialog is open (a refused delete), focus stays in the
  // dialog, on the button left.
  useEffect(() => {
    if (open && confirmText === undefined) cancel.current?.focus()
  }, [open, confirmText])
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && !busy && onCancel()}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancel} variant="outline" disabled={busy} onClick={onCancel}>
                {cancelText}
              </Button>
              {confirmText !== undefined && (
                <Button colorPalette="red" disabled={busy} aria-busy={busy} onClick={onConfirm}>
                  {confirmText}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
