// Downloads a list's CSV export (GET <list>/export with the list's filters and sort) through the
// API client, counting its rows as they arrive so the page can show progress, and saves it as
// a file at the end. `cancel` aborts the request; nothing is saved from a cancelled or cut-off
// download, so an incomplete file never looks like a whole one. The steps are the CSV export
// machine's (src/machines/csv-export-machine.ts); this provides the download, the saving and
// the toasts.
import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useLayoutEffect } from 'react'
import { type AnyEventObject, fromCallback } from 'xstate'
import { api, errorText } from '../lib/api-client'
import { attachmentName, countRecords, type RecordCount } from '../lib/csv-records'
import type { QueryParams } from '../lib/query-string'
import { saveFile } from '../lib/save-file'
import { type CsvExportRequest, csvExportMachine } from '../machines/csv-export-machine'
import { notify } from './messages'

export type CsvExportState =
  | { status: 'idle' }
  | { status: 'running'; rows: number; total: number | null }

export const EXPORT_MESSAGES = {
  cancelled: 'Export cancelled',
  cutOff: 'The export was cut off before it ended: nothing was saved. Please try again.',
  failed: 'Export failed',
  done: (rows: number, file: string) =>
    `${rows.toLocaleString('en-NG')} ${rows === 1 ? 'row' : 'rows'} exported to ${file}`,
}

const exportMachine = csvExportMachine.provide({
  actors: {
    download: fromCallback<AnyEventObject, CsvExportRequest>(({ input, sendBack }) => {
      const abort = new AbortController()
      void download(input, abort.signal, sendBack)
      // Leaving `running` (Cancel, the page closing) ends the request.
      return () => abort.abort()
    }),
  },
  actions: {
    save: (_, { content, file }) => saveFile(content, file),
    reportDone: (_, { rows, file }) => notify.success(EXPORT_MESSAGES.done(rows, file)),
    reportCancelled: () => notify.info(EXPORT_MESSAGES.cancelled),
    reportCutOff: () => notify.error(EXPORT_MESSAGES.cutOff),
    reportFailure: (_, { error }) => notify.error(errorText(error, EXPORT_MESSAGES.failed)),
  },
})

export function useCsvExport(path: string, query: QueryParams) {
  const actor = useActorRef(exportMachine)
  const state = useSelector(
    actor,
    (snapshot): CsvExportState =>
      snapshot.hasTag('busy')
        ? { status: 'running', rows: snapshot.context.rows, total: snapshot.context.total }
        : { status: 'idle' },
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  )
  // Leaving the page ends a download still running, as Cancel does (before the actor stops).
  useLayoutEffect(
    () => () => {
      if (actor.getSnapshot().hasTag('busy')) actor.send({ type: 'export.cancel' })
    },
    [actor],
  )
  const start = useCallback(
    () => actor.send({ type: 'export.start', request: { path, query } }),
    [actor, path, query],
  )
  const cancel = useCallback(() => actor.send({ type: 'export.cancel' }), [actor])
  return { state, start, cancel }
}

/** The request and the reading of the body, reported to the machine as `download.*` events. */
async function download(
  request: CsvExportRequest,
  signal: AbortSignal,
  sendBack: (event: AnyEventObject) => void,
) {
  try {
    const response = await api.download(`${request.path}/export`, request.query, signal)
    sendBack({ type: 'download.opened' })
    const total = Number(response.headers.get('X-Total-Count') ?? Number.NaN)
    const known = Number.isFinite(total) ? total : null
    const chunks: Uint8Array[] = []
    let count: RecordCount = { records: 0, quoted: false }
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    // Not every fetch ends a body already being read when its signal aborts: end it here.
    signal.addEventListener('abort', () => void reader.cancel().catch(() => {}))
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value)
      count = countRecords(part.value, count)
      // The first record is the header row.
      sendBack({ type: 'download.progress', rows: Math.max(0, count.records - 1), total: known })
    }
    if (signal.aborted) return
    const file = attachmentName(response.headers.get('Content-Disposition')) ?? 'export.csv'
    const content = new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' })
    sendBack({ type: 'download.finished', rows: Math.max(0, count.records - 1), file, content })
  } catch (error) {
    // A cancelled download has already left `running`: nothing more to say.
    if (!signal.aborted) sendBack({ type: 'download.failed', error })
  }
}
