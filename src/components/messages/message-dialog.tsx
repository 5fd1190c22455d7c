import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { messageTitles } from './message-kinds'
import { dismissMessage, useCurrentMessage } from './message-store'

const palettes = { error: 'red', success: 'green', warning: 'orange', info: 'blue' } as const

/** The global message dialog (spec: kinds Error, Success, Warning, Info as title; Dismiss). */
export function MessageDialog() {
  const message = useCurrentMessage()
  const close = () => message && dismissMessage(message.id)

  return (
    <Dialog.Root
      role="alertdialog"
      open={message !== undefined}
      onOpenChange={(details) => !details.open && close()}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {message && (
              <>
                <Dialog.Header>
                  <Dialog.Title color={`${palettes[message.kind]}.fg`}>
                    {messageTitles[message.kind]}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>{message.text}</Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button colorPalette={palettes[message.kind]} onClick={close}>
                    Dismiss
                  </Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
