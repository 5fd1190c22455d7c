// The login's second step when two-factor sign-in is on: a code from the authenticator app or
// one of the recovery codes. The session machine holds the username and password meanwhile.
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'

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
    <form onSubmit={submit}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Enter the 6-digit code from your authenticator app.
        </Text>
        <Field.Root invalid={missing} required>
          <Field.Label>Authentication code</Field.Label>
          <Input
            name="code"
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field.HelperText>Or enter one of your recovery codes</Field.HelperText>
          <Field.ErrorText>Authentication code is required</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          mt="2"
          loading={busy}
          loadingText="Verifying"
        >
          Verify
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back
        </Button>
      </Stack>
    </form>
  )
}
