// The ten recovery codes, shown once right after two-factor sign-in is turned on: each signs
// the operator in once when the authenticator app is lost.
import { Alert, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { saveFile } from '../../lib/save-file'
import { CopyButton } from './copy-button'

export const RECOVERY_FILE = 'marketplace-admin-recovery-codes.txt'

function download(codes: string[], username: string | undefined) {
  const header = `Recovery codes${username ? ` for ${username}` : ''} (Marketplace Admin). Each works once.`
  const text = `${header}\n\n${codes.join('\n')}\n`
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_FILE)
}

interface RecoveryCodesProps {
  codes: string[]
  username?: string
  onDone: () => void
}

export function RecoveryCodes({ codes, username, onDone }: RecoveryCodesProps) {
  return (
    <Stack gap="4">
      <Alert.Root status="success" borderRadius="md">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Two-factor authentication is on</Alert.Title>
          <Alert.Description>
            Save these recovery codes somewhere safe. Each one signs you in once if you lose your
            authenticator app. They are shown only now.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <SimpleGrid
        as="ul"
        aria-label="Recovery codes"
        columns={2}
        gap="2"
        maxW="md"
        listStyleType="none"
        p="0"
        m="0"
      >
        {codes.map((code) => (
          <Box
            as="li"
            key={code}
            fontFamily="mono"
            fontSize="md"
            px="3"
            py="1.5"
            bg="bg.muted"
            borderRadius="md"
            textAlign="center"
          >
            {code}
          </Box>
        ))}
      </SimpleGrid>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => download(codes, username)}>
          <Download aria-hidden /> Download
        </Button>
        <CopyButton text={codes.join('\n')} label="Copy recovery codes" />
        <Button size="sm" colorPalette="teal" onClick={onDone} ms={{ sm: 'auto' }}>
          Done
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Used one? Turn two-factor authentication off and on again for a new set.
      </Text>
    </Stack>
  )
}
