// "Your sessions": every signed-in browser of this operator, the current one marked, with
// Revoke for the others (DELETE /api/me/sessions/{id}), then the list reloads.
import { Badge, Button, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { notify } from '../../components/messages'
import { Placeholder } from '../../components/placeholder'
import { errorText } from '../../lib/api-client'
import { timeText } from '../../lib/history'
import { invalidates } from '../../lib/query-client'
import { accountApi, type OperatorSession, sessionsQuery } from './account-api'
import { ACCOUNT_MESSAGES } from './account-messages'
import { deviceName } from './device-name'

// The current session first, then the most recently used.
const byUse = (a: OperatorSession, b: OperatorSession) =>
  Number(b.current) - Number(a.current) ||
  (b.lastUsedAt ?? b.createdAt).localeCompare(a.lastUsedAt ?? a.createdAt)

function SessionRow({ session }: { session: OperatorSession }) {
  const revoke = useMutation({
    mutationFn: accountApi.revokeSession,
    onSuccess: invalidates(sessionsQuery.queryKey),
  })
  const device = deviceName(session.userAgent)
  const run = () =>
    revoke.mutate(session.id, {
      onSuccess: () => notify.success(ACCOUNT_MESSAGES.sessionRevoked),
      onError: (error) => notify.error(errorText(error, ACCOUNT_MESSAGES.revokeFailed)),
    })
  return (
    <Stack
      as="li"
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: '2', sm: '4' }}
      align={{ sm: 'center' }}
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontWeight="medium" title={session.userAgent ?? undefined} truncate>
          {device}{' '}
          {session.current && (
            <Badge colorPalette="teal" variant="subtle" ms="1">
              This device
            </Badge>
          )}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Signed in {timeText(session.createdAt)}
          {session.lastUsedAt && ` · Last used ${timeText(session.lastUsedAt)}`}
        </Text>
      </Stack>
      {!session.current && (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          alignSelf={{ base: 'flex-start', sm: 'center' }}
          loading={revoke.isPending}
          loadingText="Revoking"
          onClick={run}
          aria-label={`Revoke ${device}`}
        >
          Revoke
        </Button>
      )}
    </Stack>
  )
}

export function SessionsSection() {
  const sessions = useQuery(sessionsQuery)
  const rows = sessions.data ? [...sessions.data].sort(byUse) : null
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" aria-labelledby="sessions-heading">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id="sessions-heading">
          Your sessions
        </Heading>
        <Text color="fg.muted">
          Where you are signed in. Revoke a session you do not recognise; changing your password
          signs out all the others.
        </Text>
        {rows ? (
          <Stack as="ul" aria-label="Sessions" gap="0" listStyleType="none" m="0" p="0">
            {rows.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </Stack>
        ) : sessions.isError ? (
          <Text color="fg.error">{ACCOUNT_MESSAGES.sessionsLoadFailed}</Text>
        ) : (
          <Placeholder h="16" />
        )}
      </Card.Body>
    </Card.Root>
  )
}
