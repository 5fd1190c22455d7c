// A list's CSV export: idle → running (requesting, then reading the body as it arrives) →
// idle, saved and reported as done, cancelled, cut off or failed. Where a failure happened is
// the state it happened in: before the answer it failed (the server's detail), while reading it
// was cut off midway. Leaving `running` (Cancel, the page closing) stops the `download` actor,
// which aborts the request, and nothing is saved. The app provides `download` (the request and
// the reading, reporting back with `download.*` events), `save` and the reports; tests pass fakes.
import { type AnyEventObject, assign, fromCallback, setup } from 'xstate'
import type { QueryParams } from '../lib/query-string'

/** What to export: the list's API path (`/products`) and its filters and sort. */
export interface CsvExportRequest {
  path: string
  query: QueryParams
}

export interface CsvExportContext {
  request: CsvExportRequest | null
  /** Rows received so far (the header row not counted). */
  rows: number
  /** The rows the server announced (X-Total-Count), null until known. */
  total: number | null
}

export type CsvExportEvent =
  | { type: 'export.start'; request: CsvExportRequest }
  | { type: 'export.cancel' }
  // What the download actor reports back.
  | { type: 'download.opened' }
  | { type: 'download.progress'; rows: number; total: number | null }
  | { type: 'download.finished'; rows: number; file: string; content: Blob }
  | { type: 'download.failed'; error: unknown }

export const csvExportMachine = setup({
  types: {
    context: {} as CsvExportContext,
    events: {} as CsvExportEvent,
  },
  actors: {
    download: fromCallback<AnyEventObject, CsvExportRequest>(() => {
      throw new Error('The download actor must be provided')
    }),
  },
  actions: {
    save: (_, _params: { file: string; content: Blob }) => {},
    reportDone: (_, _params: { rows: number; file: string }) => {},
    reportCancelled: () => {},
    reportCutOff: () => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'csvExport',
  context: { request: null, rows: 0, total: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'export.start': {
          target: 'running',
          actions: assign({ request: ({ event }) => event.request, rows: 0, total: null }),
        },
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => context.request as CsvExportRequest,
      },
      on: { 'export.cancel': { target: 'idle', actions: 'reportCancelled' } },
      initial: 'requesting',
      states: {
        requesting: {
          on: {
            'download.opened': 'reading',
            'download.failed': {
              target: '#csvExport.idle',
              actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reading: {
          on: {
            'download.progress': {
              actions: assign({
                rows: ({ event }) => event.rows,
                total: ({ event }) => event.total,
              }),
            },
            'download.finished': {
              target: '#csvExport.idle',
              actions: [
                {
                  type: 'save',
                  params: ({ event }) => ({ file: event.file, content: event.content }),
                },
                {
                  type: 'reportDone',
                  params: ({ event }) => ({ rows: event.rows, file: event.file }),
                },
              ],
            },
            // Once the body is being read, a failure means the server cut the export off.
            'download.failed': { target: '#csvExport.idle', actions: 'reportCutOff' },
          },
        },
      },
    },
  },
})
