// The CSV import dialog's flow (src/machines/csv-import-machine.ts) with the app's effects: the
// file sent to `<list>/import` through the API client with its upload's progress (a refused file
// answers 400 with the same body, which is a preview too), the template (the export's own header
// row, so renamed titles and custom fields are in it), the failing rows (the chosen file read
// back with the server's CSV rules, plus an Error column), and the toasts: the counts with
// **Undo import**, which calls the undo route and says how it went (a 409 names the records
// changed since). After an import or an undo the list's queries reload.
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useActorRef } from '@xstate/react'
import { type AnyEventObject, fromCallback } from 'xstate'
import { api, errorText, isApiError } from '../lib/api-client'
import { attachmentName, countRecords } from '../lib/csv-records'
import { failingRows, parseCsv, toCsv } from '../lib/csv-table'
import { pathKey } from '../lib/query-client'
import { saveFile } from '../lib/save-file'
import {
  type CsvImportAnswer,
  type CsvImportUpload,
  csvImportMachine,
} from '../machines/csv-import-machine'
import { IMPORT_TEXTS } from './import-csv-messages'
import { notify } from './messages'

/** Which list imports: its API path (`/products`, `/service-providers/7/products`), whose
 * `/import` takes the file and whose `/export` gives the template; the paths to reload after. */
export interface CsvImportTarget {
  path: string
  refreshes: readonly string[]
}

export function useCsvImport(target: CsvImportTarget) {
  const client = useQueryClient()
  return useActorRef(
    csvImportMachine.provide({
      actors: {
        upload: fromCallback<AnyEventObject, CsvImportUpload>(({ input, sendBack }) => {
          const abort = new AbortController()
          void upload(target.path, input, abort.signal, sendBack)
          // Leaving the state (Cancel, the dialog closing) ends the request.
          return () => abort.abort()
        }),
      },
      actions: {
        downloadTemplate: () => void downloadTemplate(target.path),
        saveFailingRows: (_, { file, errors }) => void saveFailingRows(file, errors),
        reportDone: (_, { answer }) => {
          refresh(client, target)
          const { batchId } = answer
          const action = batchId
            ? { label: IMPORT_TEXTS.undo, run: () => void undoImport(client, target, batchId) }
            : undefined
          notify.success(IMPORT_TEXTS.done(answer), { action })
        },
        reportRefused: () => notify.warning(IMPORT_TEXTS.refused),
      },
    }),
  )
}

const isAnswer = (body: unknown): body is CsvImportAnswer =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as CsvImportAnswer).created === 'number' &&
  Array.isArray((body as CsvImportAnswer).errors)

/** One send of the file, reported to the machine as `upload.*` events. */
async function upload(
  path: string,
  { file, dryRun, skipInvalid }: CsvImportUpload,
  signal: AbortSignal,
  sendBack: (event: AnyEventObject) => void,
) {
  let sent = false
  const onProgress = (bytes: number, total: number) => {
    if (sent || signal.aborted) return
    sendBack({ type: 'upload.progress', sent: bytes, total })
    if (bytes < total) return
    sent = true
    sendBack({ type: 'upload.sent' })
  }
  const query = dryRun ? { dryRun: true } : skipInvalid ? { skipInvalid: true } : {}
  try {
    const body = { file, type: 'text/csv', onProgress }
    const answer = await api.upload<CsvImportAnswer>(`${path}/import`, body, query, signal)
    sendBack({ type: 'upload.answered', answer, refused: false })
  } catch (error) {
    // A cancelled send has already left its state: nothing more to say.
    if (signal.aborted) return
    // A refused file answers 400 with the same body: every error by row and column.
    if (isApiError(error) && error.status === 400 && isAnswer(error.body)) {
      sendBack({ type: 'upload.answered', answer: error.body, refused: true })
    } else sendBack({ type: 'upload.failed', error })
  }
}

function refresh(client: QueryClient, target: CsvImportTarget) {
  for (const path of target.refreshes) void client.invalidateQueries({ queryKey: pathKey(path) })
}

async function undoImport(client: QueryClient, target: CsvImportTarget, batchId: string) {
  try {
    const undone = await api.post<{ deleted: number; reverted: number }>(`/imports/${batchId}/undo`)
    notify.success(IMPORT_TEXTS.undone(undone))
  } catch (error) {
    // A 409's detail names the records changed since the import.
    notify.error(errorText(error, IMPORT_TEXTS.undoFailed))
  } finally {
    refresh(client, target)
  }
}

/** The export's header row alone, read as the export starts to arrive, then the request ends. */
async function downloadTemplate(path: string) {
  const abort = new AbortController()
  try {
    const response = await api.download(`${path}/export`, {}, abort.signal)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let text = ''
    let count = { records: 0, quoted: false }
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      text += decoder.decode(part.value, { stream: true })
      count = countRecords(part.value, count)
      if (count.records > 0) break
    }
    // The rows are not needed: end the download here.
    void reader.cancel().catch(() => {})
    abort.abort()
    const { separator, records } = parseCsv(text)
    const header = records[0] ?? []
    const exported = attachmentName(response.headers.get('Content-Disposition')) ?? 'import.csv'
    const file = exported.replace(/(-\d{4}-\d{2}-\d{2})?\.csv$/, '-template.csv')
    saveFile(new Blob([toCsv({ separator, records: [header] })], { type: 'text/csv' }), file)
  } catch (error) {
    notify.error(errorText(error, IMPORT_TEXTS.templateFailed))
  }
}

async function saveFailingRows(file: File, errors: CsvImportAnswer['errors']) {
  const content = failingRows(await file.text(), errors)
  const name = file.name.replace(/\.csv$/i, '')
  saveFile(new Blob([content], { type: 'text/csv;charset=utf-8' }), `${name}-errors.csv`)
}
