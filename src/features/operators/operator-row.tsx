// What an administrator does to one operator, from its row: change the role (at once, from the
// select), deactivate or reactivate (after a confirmation), reset the password (after a
// confirmation, then the new one-time link). A refusal (409: the last active administrator)
// shows the server's detail and the row stays as the server has it.
import { Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { KeyRound, UserCheck, UserX } from 'lucide-react'
import { useState } from 'react'
import { LazyConfirmDialog as ConfirmDialog } from '../../components/lazy-confirm-dialog'
import { notify } from '../../components/messages'
import { errorText } from '../../lib/api-client'
import { OneTimeLink } from './one-time-link'
import { OPERATOR_MESSAGES } from './operator-messages'
import { inviteLink, type Operator, operatorsApi } from './operators-api'
import { RoleSelect } from './role-select'

const failed = (fallback: string) => (error: unknown) => notify.error(errorText(error, fallback))

export function OperatorRoleCell({ operator }: { operator: Operator }) {
  const update = useMutation({
    ...operatorsApi.update,
    onError: failed(OPERATOR_MESSAGES.updateFailed),
  })
  return (
    <RoleSelect
      size="sm"
      ariaLabel={`Role of ${operator.username}`}
      value={operator.role}
      disabled={update.isPending}
      onChange={(role) =>
        update.mutate(
          { id: operator.id, role },
          {
            onSuccess: () => notify.success(OPERATOR_MESSAGES.roleChanged(operator.username, role)),
          },
        )
      }
    />
  )
}

type Asking = 'status' | 'reset' | null

export function OperatorActions({ operator }: { operator: Operator }) {
  const [asking, setAsking] = useState<Asking>(null)
  const update = useMutation({
    ...operatorsApi.update,
    onError: failed(OPERATOR_MESSAGES.updateFailed),
    onSettled: () => setAsking(null),
  })
  const reset = useMutation({
    ...operatorsApi.resetPassword,
    onError: failed(OPERATOR_MESSAGES.resetFailed),
    onSettled: () => setAsking(null),
  })
  const { username, active } = operator
  const toggleActive = () =>
    update.mutate(
      { id: operator.id, active: !active },
      {
        onSuccess: () =>
          notify.success(
            active
              ? OPERATOR_MESSAGES.deactivated(username)
              : OPERATOR_MESSAGES.reactivated(username),
          ),
      },
    )
  const token = reset.data?.inviteToken
  return (
    <HStack gap="2" justify="flex-end">
      <Button
        size="xs"
        variant="outline"
        aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${username}`}
        onClick={() => setAsking('status')}
      >
        {active ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
        {active ? 'Deactivate' : 'Reactivate'}
      </Button>
      <Button
        size="xs"
        variant="outline"
        aria-label={`Reset password of ${username}`}
        onClick={() => setAsking('reset')}
      >
        <KeyRound aria-hidden /> Reset password
      </Button>
      <ConfirmDialog
        open={asking === 'status'}
        title={active ? `Deactivate ${username}?` : `Reactivate ${username}?`}
        text={
          active
            ? 'They are signed out everywhere at once and cannot sign in until reactivated.'
            : 'They can sign in again with their password.'
        }
        confirmText={active ? 'Deactivate' : 'Reactivate'}
        busy={update.isPending}
        onConfirm={toggleActive}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'reset'}
        title={`Reset the password of ${username}?`}
        text="Their password stops working and they are signed out everywhere. You get a new one-time link to give them."
        confirmText="Reset password"
        busy={reset.isPending}
        onConfirm={() => reset.mutate(operator.id)}
        onCancel={() => setAsking(null)}
      />
      <LinkDialog
        title={`New password link for ${username}`}
        link={token ? inviteLink(token) : undefined}
        onClose={() => reset.reset()}
      />
    </HStack>
  )
}

/** The link a reset gave, until closed (then forgotten: it is shown once). */
function LinkDialog(props: { title: string; link: string | undefined; onClose: () => void }) {
  const { title, link, onClose } = props
  return (
    <Dialog.Root
      open={link !== undefined}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            <Dialog.Body>{link && <OneTimeLink label="Password link" link={link} />}</Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="teal" onClick={onClose}>
                Done
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
