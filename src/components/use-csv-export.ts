// Downloads a list's CSV export (GET <list>/export with the list's filters and sort) through the
// API client, counting its rows as they arrive so the page can show progress, and saves it as
// a file at the end. `cancel` aborts the request; nothing is saved from a cancelled or cut-off
// download, so an incomplete file never looks like a whole one.
import { useCallback, useEffect, useRef, useState } from 'react'
import { api, errorText } from '../lib/api-client'
import { attachmentName, countRecords, type RecordCount } from '../lib/csv-records'
import type { QueryParams } from '../lib/query-string'
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

export function useCsvExport(path: string, query: QueryParams) {
  const [state, setState] = useState<CsvExportState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)
  // Leaving the page ends a download still running.
  useEffect(() => () => controller.current?.abort(), [])

  const start = useCallback(async () => {
    const abort = new AbortController()
    controller.current = abort
    setState({ status: 'running', rows: 0, total: null })
    // Once the body is being read, a failure means the server cut the export off midway.
    let reading = false
    try {
      const response = await api.download(`${path}/export`, query, abort.signal)
      reading = true
      const total = Number(response.headers.get('X-Total-Count') ?? Number.NaN)
      const known = Number.isFinite(total) ? total : null
      const chunks: Uint8Array[] = []
      let count: RecordCount = { records: 0, quoted: false }
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      // Not every fetch ends a body already being read when its signal aborts: end it here.
      abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}))
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        chunks.push(part.value)
        count = countRecords(part.value, count)
        // The first record is the header row.
        setState({ status: 'running', rows: Math.max(0, count.records - 1), total: known })
      }
      if (abort.signal.aborted) throw abort.signal.reason
      const file = attachmentName(response.headers.get('Content-Disposition')) ?? 'export.csv'
      save(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), file)
      notify.success(EXPORT_MESSAGES.done(Math.max(0, count.records - 1), file))
    } catch (error) {
      if (abort.signal.aborted) notify.info(EXPORT_MESSAGES.cancelled)
      else if (reading) notify.error(EXPORT_MESSAGES.cutOff)
      else notify.error(errorText(error, EXPORT_MESSAGES.failed))
    } finally {
      if (controller.current === abort) controller.current = null
      setState({ status: 'idle' })
    }
  }, [path, query])

  const cancel = useCallback(() => controller.current?.abort(), [])
  return { state, start, cancel }
}

/** Hands the file to the browser as a download. */
function save(blob: Blob, file: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
