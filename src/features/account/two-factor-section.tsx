// Two-factor authentication on the Account page: off → "Set up" (the two-factor machine's
// flow); on → "Turn off" with a code. Whether it is on is `GET /api/me` (`twoFactor`).
import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { notify } from '../../components/messages'
import { Placeholder } from '../../components/placeholder'
import { meQuery } from '../../lib/me'
import { twoFactorSetupMachine } from '../../machines/two-factor-setup-machine'
import { accountApi } from './account-api'
import { ACCOUNT_MESSAGES } from './account-messages'
import { CodeForm } from './code-form'
import { RecoveryCodes } from './recovery-codes'
import { ScanStep, StartFailed } from './two-factor-setup'

export function TwoFactorSection() {
  const me = useQuery(meQuery)
  const client = useQueryClient()
  const logic = useMemo(
    () =>
      twoFactorSetupMachine.provide({
        actors: {
          start: fromPromise(() => accountApi.startTwoFactor()),
          confirm: fromPromise(({ input }) => accountApi.confirmTwoFactor(input.code)),
          disable: fromPromise(({ input }) => accountApi.disableTwoFactor(input.code)),
        },
        actions: {
          twoFactorChanged: (_, { on }) => {
            void client.invalidateQueries({ queryKey: meQuery.queryKey })
            if (!on) notify.success(ACCOUNT_MESSAGES.twoFactorDisabled)
          },
        },
      }),
    [client],
  )
  const actor = useActorRef(logic)
  const value = useSelector(actor, (state) => state.value)
  const busy = useSelector(actor, (state) => state.hasTag('busy'))
  const context = useSelector(actor, (state) => state.context)
  const on = me.data?.twoFactor === true

  let body: ReactNode
  if (value === 'starting' || value === 'scanning' || value === 'confirming') {
    body =
      context.secret && context.otpauthUrl ? (
        <ScanStep
          secret={context.secret}
          otpauthUrl={context.otpauthUrl}
          busy={busy}
          error={context.error}
          onConfirm={(code) => actor.send({ type: 'setup.confirm', code })}
          onCancel={() => actor.send({ type: 'setup.cancel' })}
        />
      ) : (
        <Placeholder h="48" />
      )
  } else if (value === 'startFailed') {
    body = (
      <StartFailed
        error={context.error}
        onRetry={() => actor.send({ type: 'setup.start' })}
        onCancel={() => actor.send({ type: 'setup.cancel' })}
      />
    )
  } else if (value === 'showingRecoveryCodes') {
    body = (
      <RecoveryCodes
        codes={context.recoveryCodes}
        username={me.data?.username}
        onDone={() => actor.send({ type: 'setup.done' })}
      />
    )
  } else if (value === 'askingCode' || value === 'disabling') {
    body = (
      <CodeForm
        label="Authentication code"
        helper="Or enter one of your recovery codes"
        submitText="Turn off"
        busyText="Turning off"
        busy={busy}
        error={context.error}
        check={(code) => (code.trim() === '' ? ACCOUNT_MESSAGES.codeRequired : null)}
        onSubmit={(code) => actor.send({ type: 'disable.submit', code })}
        onCancel={() => actor.send({ type: 'disable.cancel' })}
      />
    )
  } else if (me.data) {
    body = on ? (
      <Button
        alignSelf="flex-start"
        variant="outline"
        colorPalette="red"
        onClick={() => actor.send({ type: 'disable.start' })}
      >
        Turn off
      </Button>
    ) : (
      <Button
        alignSelf="flex-start"
        colorPalette="teal"
        onClick={() => actor.send({ type: 'setup.start' })}
      >
        Set up
      </Button>
    )
  } else {
    body = <Placeholder h="10" w="32" />
  }

  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" aria-labelledby="two-factor-heading">
      <Card.Body gap="4">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="two-factor-heading">
            Two-factor authentication
          </Heading>
          {me.data && (
            <Badge colorPalette={on ? 'green' : 'gray'} variant="subtle">
              {on ? 'On' : 'Off'}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted">
          {on
            ? 'Signing in asks for a code from your authenticator app after your password.'
            : 'Ask for a code from an authenticator app after your password, so a stolen password alone cannot sign in.'}
        </Text>
        <Stack gap="4">{body}</Stack>
      </Card.Body>
    </Card.Root>
  )
}
