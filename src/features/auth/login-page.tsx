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
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react'
import { type FormEvent, lazy, Suspense, useState } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { LOGO_URL, PRODUCT_NAME } from '../../app/brand'
import { paths } from '../../app/paths'
import { SessionContext, useIsAuthenticated } from '../../app/session'
import { useDocumentTitle } from '../../app/use-document-title'
import { returnPathFrom } from './return-path'

// Only operators with two-factor sign-in reach the code step: every other page, which carries
// the login page in its entry chunk, does without its code.
const CodeStep = lazy(async () => ({ default: (await import('./code-step')).CodeStep }))

export function LoginPage() {
  useDocumentTitle('Admin Console')
  const location = useLocation()
  const session = SessionContext.useActorRef()
  const authenticated = useIsAuthenticated()
  const busy = SessionContext.useSelector((state) => state.hasTag('busy'))
  const error = SessionContext.useSelector((state) => state.context.error)
  // Two-factor sign-in: the password was right and the server asks for a code.
  const codeStep = SessionContext.useSelector((state) => state.hasTag('code'))
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)

  // Covers both a fresh sign-in and visiting /login while already signed in.
  if (authenticated)
    return <Navigate to={returnPathFrom(location.state) ?? paths.dashboard} replace />

  const usernameMissing = submitted && username.trim() === ''
  const passwordMissing = submitted && password === ''

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    // Browsers enforce `required`; this also stops a blank (spaces only) username.
    if (username.trim() === '' || password === '') return
    session.send({ type: 'session.login', username: username.trim(), password })
  }

  return (
    <Center
      as="main"
      minH="100dvh"
      px="4"
      py="10"
      bgGradient="to-br"
      gradientFrom="teal.50"
      gradientTo="gray.100"
    >
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
                  Admin Console
                </Heading>
                <Text color="fg.muted" mt="1">
                  {codeStep ? 'Two-factor authentication' : 'Sign in to continue'}
                </Text>
              </Box>
            </Stack>

            {error && (
              <Alert.Root status="error" role="alert" borderRadius="md">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}

            {codeStep ? (
              <Suspense fallback={<Spinner alignSelf="center" />}>
                <CodeStep
                  busy={busy}
                  onSubmit={(code) => session.send({ type: 'session.code', code })}
                  onBack={() => session.send({ type: 'session.back' })}
                />
              </Suspense>
            ) : (
              <form onSubmit={submit}>
                <Stack gap="4">
                  <Field.Root invalid={usernameMissing} required>
                    <Field.Label>Username</Field.Label>
                    <Input
                      name="username"
                      autoComplete="username"
                      autoFocus
                      value={username}
                      onChange={(event) => setUsername(event.target.value)}
                    />
                    <Field.ErrorText>Username is required</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={passwordMissing} required>
                    <Field.Label>Password</Field.Label>
                    <Input
                      name="password"
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                    />
                    <Field.ErrorText>Password is required</Field.ErrorText>
                  </Field.Root>
                  <Button
                    type="submit"
                    colorPalette="teal"
                    size="lg"
                    mt="2"
                    loading={busy}
                    loadingText="Signing in"
                  >
                    Sign in
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  )
}
