// Above an edit form: "Also editing: ada, bola" while other operators have the same record open
// (issue 31, decision 025), so two people know before they overwrite each other. It is a state,
// not a message: it goes by itself when they leave, so it has no title or Dismiss button.
import { Alert, Box } from '@chakra-ui/react'
import { usePresence } from '../lib/presence'

export const PRESENCE_MESSAGES = {
  alsoEditing: (usernames: string[]) => `Also editing: ${usernames.join(', ')}`,
} as const

/** `record`: the record's API path, as its GET reads it (`/products/7`). */
export function PresenceNotice({ record }: { record: string }) {
  const editors = usePresence(record)
  // The live region is there from the start, so a screen reader hears who comes and goes.
  return (
    <Box role="status" maxW="3xl">
      {editors.length > 0 && (
        <Alert.Root status="info" size="sm" mb="4">
          <Alert.Indicator />
          <Alert.Description>
            {PRESENCE_MESSAGES.alsoEditing(editors.map((editor) => editor.username))}
          </Alert.Description>
        </Alert.Root>
      )}
    </Box>
  )
}
