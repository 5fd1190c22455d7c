import { Button, Portal, Stack, Toast, Toaster } from '@chakra-ui/react'
import { toasters } from './notify'

/** Renders queued toasts: the kind as the title, the text, its action if any (Undo import), and
 * a Dismiss button. */
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
        <Toast.Root width={{ md: 'sm' }} alignItems="center">
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            <Toast.Title fontWeight="semibold">{toast.title}</Toast.Title>
            {/* Full opacity: Chakra's 0.8 drops white text on the coloured fills below 4.5:1. */}
            {toast.description && (
              <Toast.Description opacity="1">{toast.description}</Toast.Description>
            )}
          </Stack>
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
        </Toast.Root>
      )}
    </Toaster>
  )
}
