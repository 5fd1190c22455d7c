// The set-up steps of two-factor sign-in: the QR code and the secret to scan or type, then a
// code from the app to confirm. Which step shows is the two-factor machine's state.
import { Alert, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { isSixDigitCode } from '../../machines/two-factor-setup-machine'
import { ACCOUNT_MESSAGES } from './account-messages'
import { CodeForm } from './code-form'
import { CopyButton } from './copy-button'
import { QrCode } from './qr-code'

/** "JBSW Y3DP EHPK 3PXP": the secret in groups of four, for reading and typing. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

interface ScanStepProps {
  secret: string
  otpauthUrl: string
  busy: boolean
  error: string | null
  onConfirm: (code: string) => void
  onCancel: () => void
}

export function ScanStep({ secret, otpauthUrl, busy, error, onConfirm, onCancel }: ScanStepProps) {
  return (
    <Stack gap="5">
      <Flex gap="5" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-start' }}>
        <QrCode value={otpauthUrl} size={180} />
        <Stack gap="2" minW="0">
          <Text>
            1. Scan this QR code with an authenticator app (Google Authenticator, 1Password,
            Authy…).
          </Text>
          <Text>Can’t scan it? Enter this secret in the app instead:</Text>
          <HStack gap="2" wrap="wrap">
            <Box
              as="code"
              aria-label="Secret"
              fontFamily="mono"
              bg="bg.muted"
              borderRadius="sm"
              fontSize="md"
              px="2"
              py="1"
              letterSpacing="wider"
              overflowWrap="anywhere"
            >
              {groupSecret(secret)}
            </Box>
            <CopyButton text={secret} label="Copy secret" />
          </HStack>
          <Text>2. Enter the 6-digit code the app shows.</Text>
        </Stack>
      </Flex>
      <CodeForm
        label="Authentication code"
        submitText="Turn on"
        busyText="Checking"
        busy={busy}
        error={error}
        check={(code) => (isSixDigitCode(code) ? null : ACCOUNT_MESSAGES.codeFormat)}
        onSubmit={onConfirm}
        onCancel={onCancel}
      />
    </Stack>
  )
}

export function StartFailed({
  error,
  onRetry,
  onCancel,
}: {
  error: string | null
  onRetry: () => void
  onCancel: () => void
}) {
  return (
    <Stack gap="3" align="flex-start">
      <Alert.Root status="error" borderRadius="md">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Error</Alert.Title>
          <Alert.Description>{error}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap="2">
        <Button colorPalette="teal" onClick={onRetry}>
          Try again
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  )
}
