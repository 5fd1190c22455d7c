// One labelled code input with its submit button, used to confirm the set-up and to turn
// two-factor sign-in off. The machine refuses a code its guard does not accept; this form says
// why before sending, and shows the server's answer (`error`) under the input.
import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react'
import { type FormEvent, type ReactNode, useState } from 'react'

interface CodeFormProps {
  label: string
  helper?: ReactNode
  submitText: string
  busyText: string
  busy: boolean
  /** The server's reason the last code was refused. */
  error: string | null
  /** The text under the input when the code cannot be right, or null when it may be. */
  check: (code: string) => string | null
  onSubmit: (code: string) => void
  onCancel: () => void
}

export function CodeForm(props: CodeFormProps) {
  const { label, helper, submitText, busyText, busy, error, check, onSubmit, onCancel } = props
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = check(code)
    setProblem(found)
    if (found === null) onSubmit(code.trim())
  }
  const shown = problem ?? error

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3" maxW="sm">
        <Field.Root invalid={shown !== null} required>
          <Field.Label>{label}</Field.Label>
          <Input
            name="code"
            autoComplete="one-time-code"
            spellCheck={false}
            value={code}
            onChange={(event) => {
              setCode(event.target.value)
              setProblem(null)
            }}
          />
          {helper && <Field.HelperText>{helper}</Field.HelperText>}
          <Field.ErrorText>{shown}</Field.ErrorText>
        </Field.Root>
        <HStack gap="2" wrap="wrap">
          <Button type="submit" colorPalette="teal" loading={busy} loadingText={busyText}>
            {submitText}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  )
}
