// Invite operator: a username and a role, then the one-time link to hand over (there is no
// e-mail). The dialog's two steps are its mutation's: no answer yet → the form; an answer → the
// link, until the dialog closes (which forgets it: the link is shown once).
import { Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { notify } from '../../components/messages'
import { errorText } from '../../lib/api-client'
import type { Role } from '../../lib/rights'
import { OneTimeLink } from './one-time-link'
import { OPERATOR_MESSAGES } from './operator-messages'
import { inviteLink, operatorsApi } from './operators-api'
import { RoleSelect } from './role-select'

export function InviteDialog() {
  const [open, setOpen] = useState(false)
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<Role>('viewer')
  const invite = useMutation({
    ...operatorsApi.invite,
    onError: (error) => notify.error(errorText(error, OPERATOR_MESSAGES.inviteFailed)),
  })
  const close = () => {
    if (invite.isPending) return
    setOpen(false)
    setUsername('')
    setRole('viewer')
    invite.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (username.trim() === '') return
    invite.mutate({ username: username.trim(), role })
  }
  const token = invite.data?.inviteToken
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? setOpen(true) : close())}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button colorPalette="teal">
          <UserPlus aria-hidden /> Invite operator
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>
                {token ? `Invite link for ${username.trim()}` : 'Invite operator'}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            {token ? (
              <>
                <Dialog.Body>
                  <OneTimeLink label="Invite link" link={inviteLink(token)} />
                </Dialog.Body>
                <Dialog.Footer>
                  <Button colorPalette="teal" onClick={close}>
                    Done
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <form onSubmit={submit}>
                <Dialog.Body>
                  <Stack gap="4">
                    <Field.Root required>
                      <Field.Label>Username</Field.Label>
                      <Input
                        name="username"
                        autoComplete="off"
                        value={username}
                        onChange={(event) => setUsername(event.target.value)}
                      />
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Role</Field.Label>
                      <RoleSelect value={role} onChange={setRole} />
                    </Field.Root>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" disabled={invite.isPending} onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="teal" loading={invite.isPending}>
                    Create invite link
                  </Button>
                </Dialog.Footer>
              </form>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
