import { Button, HStack, Portal, Stack, Toast, Toaster } from '@chakra-ui/react'
import { toasters } from './notify'

/** Renders queued toasts: the kind as the title, the text, its action if any (Undo), and a
 * Dismiss button. */
export function Toasts() {
  return (
    <Portal>
      {toasters.map((toaster, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the two toasters never change
        <ToastList key={index} toaster={toaster} />
      ))}
    </Portal>
  )
}

function ToastList({ toaster }: { toaster: (typeof toasters)[number] }) {
  return (
    <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        // The buttons wrap below the text when the text would get too narrow (a toast with an
        // action, on a phone).
        <Toast.Root width={{ md: 'sm' }} alignItems="center" flexWrap="wrap">
          <Toast.Indicator />
          <Stack gap="1" flex="1 1 12rem" maxWidth="100%">
            <Toast.Title fontWeight="semibold">{toast.title}</Toast.Title>
            {/* Full opacity: Chakra's 0.8 drops white text on the coloured fills below 4.5:1. */}
            {toast.description && (
              <Toast.Description opacity="1">{toast.description}</Toast.Description>
            )}
          </Stack>
          <HStack gap="2" ms="auto">
            {toast.action && (
              <Toast.ActionTrigger asChild>
                <Button size="xs" variant="surface" colorPalette="gray">
                  {toast.action.label}
                </Button>
              </Toast.ActionTrigger>
            )}
            <Button
              size="xs"
              variant="subtle"
              colorPalette="gray"
              onClick={() => toaster.dismiss(toast.id)}
            >
              Dismiss
            </Button>
          </HStack>
        </Toast.Root>
      )}
    </Toaster>
  )
}
