// The sign-in page: plain elements and CSS (./plain-fields.tsx), no Chakra, so a phone on a
// slow network downloads and starts only React, the router and the session (decision 034).
// Chakra's system loads with the first page after it.
import { type FormEvent, type ReactNode, useState } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { LOGO_URL, PRODUCT_NAME } from '../../app/brand'
import { paths } from '../../app/paths'
import { SessionContext, useIsAuthenticated } from '../../app/session'
import { useDocumentTitle } from '../../app/use-document-title'
import { CodeStep } from './code-step'
import { PlainAlert, PlainButton, PlainField } from './plain-fields'
import { returnPathFrom } from './return-path'

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
    <SignInFrame subtitle={codeStep ? 'Two-factor authentication' : 'Sign in to continue'}>
      {error && <PlainAlert>{error}</PlainAlert>}
      {codeStep ? (
        <CodeStep
          busy={busy}
          onSubmit={(code) => session.send({ type: 'session.code', code })}
          onBack={() => session.send({ type: 'session.back' })}
        />
      ) : (
        <PasswordForm
          username={username}
          password={password}
          onUsername={setUsername}
          onPassword={setPassword}
          onSubmit={submit}
          usernameError={usernameMissing ? 'Username is required' : undefined}
          passwordError={passwordMissing ? 'Password is required' : undefined}
          busy={busy}
        />
      )}
    </SignInFrame>
  )
}

/** The card around both steps, with the product's logo, name and the step's subtitle. */
export function SignInFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <main className="plain plain-gradient">
      <div className="plain-card">
        <div className="plain-stack plain-stack-lg">
          <div className="plain-stack plain-centred plain-intro">
            <img className="plain-logo" src={LOGO_URL} alt={`${PRODUCT_NAME} logo`} />
            <div>
              <p className="plain-brand">{PRODUCT_NAME}</p>
              <h1 className="plain-heading">Admin Console</h1>
              <p className="plain-muted plain-muted-gap">{subtitle}</p>
            </div>
          </div>
          {children}
        </div>
      </div>
    </main>
  )
}

interface PasswordFormProps {
  username: string
  password: string
  onUsername: (value: string) => void
  onPassword: (value: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  usernameError?: string
  passwordError?: string
  busy: boolean
  /** The copy the server paints before the page's code has run (scripts/prerender-sign-in.ts):
   * shown, but nothing can be typed that the page would then replace. */
  inert?: boolean
}

/** The first step: username and password. */
export function PasswordForm(props: PasswordFormProps) {
  return (
    <form onSubmit={props.onSubmit} className="plain-stack">
      <PlainField
        label="Username"
        name="username"
        autoComplete="username"
        autoFocus
        disabled={props.inert}
        value={props.username}
        onChange={(event) => props.onUsername(event.target.value)}
        error={props.usernameError}
      />
      <PlainField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        disabled={props.inert}
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
        error={props.passwordError}
      />
      <PlainButton
        type="submit"
        size="lg"
        loading={props.busy}
        loadingText="Signing in"
        disabled={props.inert}
      >
        Sign in
      </PlainButton>
    </form>
  )
}
