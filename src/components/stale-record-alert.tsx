// Shown above an edit form whose save was refused with 412: someone else changed the record
// since it was opened. What the operator typed stays in the form until they choose Reload.
import { Alert, Button, HStack } from '@chakra-ui/react'
import { errorText, messageTitles } from './messages'

/** Used when the server's 412 carries no detail of its own. */
export const STALE_RECORD_MESSAGES = {
  changed: 'This record was changed by someone else since you opened it.',
  reloadHint: 'Reload it to see the current version. Reloading replaces what you typed here.',
  reload: 'Reload',
} as const

interface StaleRecordAlertProps {
  /** The 412 (or null: nothing to show). */
  error: unknown
  onReload: () => void
  onDismiss: () => void
}

export function StaleRecordAlert({ error, onReload, onDismiss }: StaleRecordAlertProps) {
  if (error === null || error === undefined) return null
  return (
    <Alert.Root status="warning" role="alert" maxW="3xl" mb="4" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title fontWeight="semibold">{messageTitles.warning}</Alert.Title>
        <Alert.Description>
          {errorText(error, STALE_RECORD_MESSAGES.changed)} {STALE_RECORD_MESSAGES.reloadHint}
        </Alert.Description>
        <HStack gap="2" mt="1">
          <Button size="sm" colorPalette="orange" onClick={onReload}>
            {STALE_RECORD_MESSAGES.reload}
          </Button>
          <Button size="sm" variant="outline" onClick={onDismiss}>
            Dismiss
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  )
}
