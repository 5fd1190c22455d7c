// The login's second step when two-factor sign-in is on: a code from the authenticator app or
// one of the recovery codes. The session machine holds the username and password meanwhile.
// Plain elements, as the sign-in page around it (decision 034).
import { type FormEvent, useState } from 'react'
import { PlainButton, PlainField } from './plain-fields'

interface CodeStepProps {
  busy: boolean
  onSubmit: (code: string) => void
  onBack: () => void
}

export function CodeStep({ busy, onSubmit, onBack }: CodeStepProps) {
  const [code, setCode] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const missing = submitted && code.trim() === ''

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    // Spaces are how people copy codes ("123 456"); the server wants the code alone.
    const entered = code.replace(/\s+/g, '')
    if (entered === '') return
    onSubmit(entered)
  }

  return (
    <form onSubmit={submit} className="plain-stack">
      <p className="plain-muted plain-small">Enter the 6-digit code from your authenticator app.</p>
      <PlainField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        help="Or enter one of your recovery codes"
        error={missing ? 'Authentication code is required' : undefined}
      />
      <PlainButton type="submit" size="lg" loading={busy} loadingText="Verifying">
        Verify
      </PlainButton>
      <PlainButton variant="ghost" onClick={onBack} disabled={busy}>
        Back
      </PlainButton>
    </form>
  )
}
