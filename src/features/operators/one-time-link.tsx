// A one-time link (an invite, a password reset) to hand over by hand: the link itself, read-only
// and selectable, a Copy button, and the note that it is shown once and expires.
import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { notify } from '../../components/messages'
import { OPERATOR_MESSAGES } from './operator-messages'

export function OneTimeLink({ label, link }: { label: string; link: string }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      notify.success(OPERATOR_MESSAGES.copied)
    } catch {
      notify.error(OPERATOR_MESSAGES.copyFailed)
    }
  }
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <HStack gap="2" w="full">
          <Input
            readOnly
            value={link}
            fontFamily="mono"
            fontSize="sm"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" flexShrink={0} onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : 'Copy'}
          </Button>
        </HStack>
      </Field.Root>
      <Alert.Root status="warning" borderRadius="md">
        <Alert.Indicator />
        <Alert.Description>
          <Text>{OPERATOR_MESSAGES.linkNote}</Text>
        </Alert.Description>
      </Alert.Root>
    </Stack>
  )
}
