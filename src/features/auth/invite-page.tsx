// The page an invite or password-reset link opens (public): the one-time token sits in the URL's
// fragment, which browsers never send to a server, so it stays out of every access log. Setting
// a password spends the token and signs in, as a login does.
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Field,
  Heading,
  Image,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom'
import { LOGO_URL, PRODUCT_NAME } from '../../app/brand'
import { paths } from '../../app/paths'
import { SessionContext } from '../../app/session'
import { useDocumentTitle } from '../../app/use-document-title'
import { errorText } from '../../lib/api-client'
import { authApi } from './auth-api'

export const MIN_PASSWORD_LENGTH = 8

export const INVITE_TEXTS = {
  title: 'Set your password',
  noToken:
    'This page needs the link an administrator gave you. Open that link as it is, or ask for a new one.',
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  mismatch: 'The passwords do not match.',
  failed: 'The password could not be set. Please try again.',
} as const

export function InvitePage() {
  useDocumentTitle(INVITE_TEXTS.title)
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ''))
  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg.subtle">
      <Card.Root w="full" maxW="sm" boxShadow="lg" borderRadius="xl">
        <Card.Body p={{ base: '6', sm: '8' }}>
          <Stack gap="6">
            <Stack gap="3" align="center" textAlign="center">
              <Image src={LOGO_URL} alt={`${PRODUCT_NAME} logo`} boxSize="14" />
              <Box>
                <Text fontSize="sm" fontWeight="medium" color="teal.fg">
                  {PRODUCT_NAME}
                </Text>
                <Heading as="h1" size="2xl" letterSpacing="tight">
                  {INVITE_TEXTS.title}
                </Heading>
              </Box>
            </Stack>
            {token ? <PasswordForm token={token} /> : <NoToken />}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  )
}

function NoToken() {
  return (
    <Stack gap="4">
      <Alert.Root status="warning" borderRadius="md">
        <Alert.Indicator />
        <Alert.Description>{INVITE_TEXTS.noToken}</Alert.Description>
      </Alert.Root>
      <Button asChild variant="outline">
        <RouterLink to={paths.login}>Go to sign in</RouterLink>
      </Button>
    </Stack>
  )
}

function PasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const session = SessionContext.useActorRef()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const tooShort = password.length < MIN_PASSWORD_LENGTH
  const mismatch = password !== confirmation

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (tooShort || mismatch) return
    setBusy(true)
    setFailure(null)
    try {
      const { token: sessionToken } = await authApi.acceptInvite({ inviteToken: token, password })
      // Signed in now, whoever was before in this browser.
      if (session.getSnapshot().hasTag('authenticated')) session.send({ type: 'session.expired' })
      session.send({ type: 'session.adopt', token: sessionToken })
      navigate(paths.dashboard, { replace: true })
    } catch (error) {
      setFailure(errorText(error, INVITE_TEXTS.failed))
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error" role="alert" borderRadius="md">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={submitted && tooShort} required>
          <Field.Label>New password</Field.Label>
          <Input
            type="password"
            name="new-password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {submitted && tooShort ? (
            <Field.ErrorText>{INVITE_TEXTS.tooShort}</Field.ErrorText>
          ) : (
            <Field.HelperText>{INVITE_TEXTS.tooShort}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={submitted && !tooShort && mismatch} required>
          <Field.Label>Confirm password</Field.Label>
          <Input
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Field.ErrorText>{INVITE_TEXTS.mismatch}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="teal" size="lg" mt="2" loading={busy}>
          Set password and sign in
        </Button>
      </Stack>
    </form>
  )
}
