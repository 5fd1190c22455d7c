// "Change password": the current one, the new one twice. PUT /api/me/password; on success the
// server has signed out every other session, so the sessions list reloads.
import { Button, Card, Field, Heading, Input, Stack } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { notify } from '../../components/messages'
import { errorText } from '../../lib/api-client'
import { invalidates } from '../../lib/query-client'
import { accountApi, sessionsQuery } from './account-api'
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH } from './account-messages'

const EMPTY = { current: '', next: '', confirm: '' }
type Fields = typeof EMPTY

/** What is wrong with each field, if anything. */
function problems(fields: Fields): Partial<Record<keyof Fields, string>> {
  const found: Partial<Record<keyof Fields, string>> = {}
  if (fields.current === '') found.current = ACCOUNT_MESSAGES.currentRequired
  if (fields.next.length < MIN_PASSWORD_LENGTH) found.next = ACCOUNT_MESSAGES.passwordTooShort
  if (fields.confirm !== fields.next) found.confirm = ACCOUNT_MESSAGES.passwordsDiffer
  return found
}

const LABELS: Record<keyof Fields, { label: string; autoComplete: string }> = {
  current: { label: 'Current password', autoComplete: 'current-password' },
  next: { label: 'New password', autoComplete: 'new-password' },
  confirm: { label: 'Confirm new password', autoComplete: 'new-password' },
}

export function PasswordSection() {
  const [fields, setFields] = useState(EMPTY)
  const [submitted, setSubmitted] = useState(false)
  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: invalidates(sessionsQuery.queryKey),
  })
  const found = submitted ? problems(fields) : {}

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(problems(fields)).length > 0) return
    change.mutate(
      { currentPassword: fields.current, newPassword: fields.next },
      {
        onSuccess: () => {
          notify.success(ACCOUNT_MESSAGES.passwordChanged)
          setFields(EMPTY)
          setSubmitted(false)
        },
        onError: (error) => notify.error(errorText(error, ACCOUNT_MESSAGES.passwordFailed)),
      },
    )
  }

  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" aria-labelledby="password-heading">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="password-heading">
          Change password
        </Heading>
        <form onSubmit={submit} noValidate>
          <Stack gap="4" maxW="sm">
            {(Object.keys(LABELS) as (keyof Fields)[]).map((name) => (
              <Field.Root key={name} invalid={found[name] !== undefined} required>
                <Field.Label>{LABELS[name].label}</Field.Label>
                <Input
                  type="password"
                  name={name}
                  autoComplete={LABELS[name].autoComplete}
                  value={fields[name]}
                  onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
                />
                {name === 'next' && (
                  <Field.HelperText>At least {MIN_PASSWORD_LENGTH} characters</Field.HelperText>
                )}
                <Field.ErrorText>{found[name]}</Field.ErrorText>
              </Field.Root>
            ))}
            <Button
              type="submit"
              colorPalette="teal"
              alignSelf="flex-start"
              loading={change.isPending}
              loadingText="Changing"
            >
              Change password
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  )
}
