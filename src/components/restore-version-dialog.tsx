// "Restore this version" of a history entry: the dialog lists what restoring it changes, field by
// field ("Name: now → after", each field named as the record's page names it and its value read
// as the history reads it), then saves it as a new update (POST .../revert, If-Match). The server
// says what changes (`?dryRun=true`), so the dialog shows exactly what the save does: fields the
// schemas no longer have are left out, fields added since stay as they are. The steps are the
// revert machine's (src/machines/revert-machine.ts); this renders them and provides the calls.
import { Alert, Box, Button, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { errorText } from '../lib/api-client'
import { changeLines, type FieldLabels, revertApi } from '../lib/history'
import { pathKey } from '../lib/query-client'
import { revertMachine, type VersionChanges } from '../machines/revert-machine'
import { messageTitles, notify } from './messages'
import { RESTORE_VERSION_MESSAGES as TEXT } from './restore-version-messages'

export type RevertActor = ActorRefFrom<typeof revertMachine>

interface RevertTarget {
  /** The record's API path, e.g. `/products/7`. */
  recordPath: string
  /** The record's ETag as its page loaded it: sent as If-Match. */
  etag: string | null
  /** After a restore: the history goes back to its first page, where the new entry is. */
  onRestored: () => void
}

/** The revert machine of one record's history, with the real calls and reports. */
export function useRevert(target: RevertTarget): RevertActor {
  const client = useQueryClient()
  // The machine is created once; the latest record path and ETag are read through a ref.
  const latest = useRef(target)
  latest.current = target
  // A revert can change anything the collection's pages show of the record (its name in lists).
  const refresh = () => {
    const collection = latest.current.recordPath.replace(/\/[^/]+$/, '')
    void client.invalidateQueries({ queryKey: pathKey(collection) })
  }
  return useActorRef(
    revertMachine.provide({
      actors: {
        preview: fromPromise<VersionChanges, { to: number }>(({ input }) => {
          const { recordPath, etag } = latest.current
          return revertApi.preview(recordPath, input.to, etag)
        }),
        restore: fromPromise<unknown, { to: number }>(({ input }) => {
          const { recordPath, etag } = latest.current
          return revertApi.restore(recordPath, input.to, etag)
        }),
      },
      actions: {
        reportRestored: () => {
          notify.success(TEXT.restored)
          latest.current.onRestored()
          refresh()
        },
        reportFailure: (_, { step, error }) => {
          notify.error(errorText(error, step === 'save' ? TEXT.restoreFailed : TEXT.previewFailed))
        },
        reload: refresh,
      },
    }),
  )
}

export function RestoreVersionDialog({
  actor,
  titles,
}: {
  actor: RevertActor
  titles?: FieldLabels
}) {
  const open = useSelector(actor, (state) => state.hasTag('open'))
  const loading = useSelector(actor, (state) => state.hasTag('loading'))
  const stale = useSelector(actor, (state) => state.hasTag('stale'))
  const hasChanges = useSelector(actor, (state) => state.hasTag('changes'))
  const busy = useSelector(actor, (state) => state.hasTag('busy'))
  const changes = useSelector(actor, (state) => state.context.changes)
  const refusal = useSelector(actor, (state) => state.context.refusal)
  const lines = changeLines({ action: 'update', changes }, titles)
  const cancel = () => actor.send({ type: 'revert.cancel' })
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && !busy && cancel()}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" aria-busy={loading || busy}>
            <Dialog.Header>
              <Dialog.Title>{TEXT.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {loading ? (
                <HStack gap="2">
                  <Spinner size="sm" aria-hidden />
                  <Text>{TEXT.loading}</Text>
                </HStack>
              ) : stale ? (
                <Alert.Root status="warning" alignItems="flex-start">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title fontWeight="semibold">{messageTitles.warning}</Alert.Title>
                    <Alert.Description>
                      {errorText(refusal, TEXT.stale)} {TEXT.staleHint}
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : hasChanges ? (
                <Stack gap="2">
                  <Text>{TEXT.intro}</Text>
                  <Stack as="ul" gap="1" fontSize="sm" listStyleType="none" aria-label="Changes">
                    {lines.map(({ field, label, text }) => (
                      <Box as="li" key={field} overflowWrap="anywhere">
                        <Text as="span" fontWeight="medium">
                          {label}:
                        </Text>{' '}
                        {text}
                      </Box>
                    ))}
                  </Stack>
                </Stack>
              ) : (
                <Text>{TEXT.unchanged}</Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {stale ? (
                <>
                  <Button variant="outline" onClick={cancel}>
                    Cancel
                  </Button>
                  <Button
                    colorPalette="orange"
                    onClick={() => actor.send({ type: 'revert.reload' })}
                  >
                    {TEXT.reload}
                  </Button>
                </>
              ) : hasChanges ? (
                <>
                  <Button variant="outline" disabled={busy} onClick={cancel}>
                    Cancel
                  </Button>
                  <Button
                    colorPalette="teal"
                    loading={busy}
                    onClick={() => actor.send({ type: 'revert.confirm' })}
                  >
                    {TEXT.confirm}
                  </Button>
                </>
              ) : (
                <Button variant="outline" onClick={cancel}>
                  {loading ? 'Cancel' : TEXT.close}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
