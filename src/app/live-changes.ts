// The live-changes connection of a signed-in shell (decision 024): the machine with the real
// stream, and each change handed to the session's hub (lib/live-change-hub.ts), which refreshes
// the reads it makes stale, so an open list or record page shows another operator's write
// without a reload, and tells the pages that listen; an edit page asks again who else is editing
// when someone comes or goes (presence, decision 025). Mounted once, in the shell.
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromCallback, fromPromise } from 'xstate'
import { api } from '../lib/api-client'
import { liveChangeHub } from '../lib/live-change-hub'
import { parseLiveChange } from '../lib/live-changes'
import { parsePresence, presenceKey } from '../lib/presence'
import { liveChangesMachine, retryDelayMs } from '../machines/live-changes-machine'

export function useLiveChanges(): void {
  const client = useQueryClient()
  const hub = liveChangeHub(client)
  const connection = useActorRef(
    liveChangesMachine.provide({
      actors: {
        connect: fromCallback(({ sendBack }) => {
          const controller = new AbortController()
          const { signal } = controller
          api
            .events('/events', {
              signal,
              onOpen: () => sendBack({ type: 'stream.opened' }),
              onData: (data, event) => {
                if (event === 'presence') {
                  const presence = parsePresence(data)
                  if (presence) sendBack({ type: 'presence.received', presence })
                  return
                }
                const change = parseLiveChange(data)
                if (change) sendBack({ type: 'change.received', change })
              },
            })
            .then(
              () => signal.aborted || sendBack({ type: 'stream.dropped' }),
              (error) => {
                if (signal.aborted) return
                const refused = error?.status === 401
                sendBack({ type: refused ? 'stream.refused' : 'stream.dropped' })
              },
            )
          return () => controller.abort()
        }),
        wait: fromPromise(
          ({ input, signal }) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, retryDelayMs(input.failures))
              signal.addEventListener('abort', () => clearTimeout(timer))
            }),
        ),
      },
      actions: {
        // Only the reads on screen refetch; the others are marked stale for their next visit.
        applyChange: (_, { change }) => hub.apply(change),
        applyPresence: (_, { presence }) =>
          void client.invalidateQueries({ queryKey: presenceKey(presence), exact: true }),
        catchUp: () => hub.catchUp(),
      },
    }),
  )
  useEffect(() => {
    const online = () => connection.send({ type: 'connection.retry' })
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [connection])
}
