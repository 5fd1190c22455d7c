// CSV import answers and the import routes as MSW serves them (issue 29). No import route is in
// the default handlers: a test serves a list's with `serveImport(listPath, answers)`, which
// answers as the server does (an answer with errors is 400 unless `skipInvalid`) and records each
// request (dry run or not, skipInvalid, the file's text and type); `serveUndo` likewise for
// `POST /imports/{batchId}/undo`; `serveExport` the list's export, the template's source.
import { File as NodeFile } from 'node:buffer'
import { HttpResponse, http } from 'msw'
import type { CsvImportAnswer } from '../../../src/machines/csv-import-machine'
import { apiUrl } from '../msw/handlers-support'

/**
 * A CSV file as the operator would choose it. Node's File rather than jsdom's: MSW reads an
 * XMLHttpRequest's body through Node's fetch, which cannot read a jsdom File (it sends the text
 * "undefined"); Chromium sends the real file (tests/e2e/import.test.ts).
 */
export function csvFile(text: string, name = 'products.csv'): File {
  return new NodeFile([text], name, { type: 'text/csv' }) as unknown as File
}

export const BATCH_ID = '1b4e28ba-2fa1-11d2-883f-0016d3cca427'

export function buildImportAnswer(overrides: Partial<CsvImportAnswer> = {}): CsvImportAnswer {
  return {
    created: 1,
    updated: 1,
    unchanged: 1,
    errors: [],
    batchId: null,
    rows: [
      { row: 2, status: 'create', id: null, name: 'Garden Tidy' },
      { row: 3, status: 'update', id: 5, name: 'Deep Home Clean' },
      { row: 4, status: 'unchanged', id: 6, name: 'Office Clean' },
    ],
    ...overrides,
  }
}

export interface ImportRequest {
  dryRun: boolean
  skipInvalid: boolean
  contentType: string | null
  text: string
}

type Reply = CsvImportAnswer | Response

/** Serves `<listPath>/import`: `check` to a dry run, `run` to an import (each may be a whole
 * Response, or a promise of one to hold the answer back). */
export function serveImport(
  listPath: string,
  answers: { check: Reply | Promise<Reply>; run?: Reply | Promise<Reply> },
) {
  const requests: ImportRequest[] = []
  const handler = http.post(apiUrl(`${listPath}/import`), async ({ request }) => {
    const query = new URL(request.url).searchParams
    const dryRun = query.get('dryRun') === 'true'
    const skipInvalid = query.get('skipInvalid') === 'true'
    const contentType = request.headers.get('Content-Type')
    requests.push({ dryRun, skipInvalid, contentType, text: await request.text() })
    const reply = await (dryRun ? answers.check : answers.run)
    if (!reply) throw new Error(`No answer for an import of ${listPath}`)
    if (reply instanceof Response) return reply
    const refused = reply.errors.length > 0 && !skipInvalid
    return HttpResponse.json(reply, { status: refused ? 400 : 200 })
  })
  return { handler, requests }
}

/** Serves `POST /imports/{batchId}/undo` with `reply` (the counts, or a refusal). */
export function serveUndo(
  reply: { deleted: number; reverted: number } | { status: number; detail: string },
) {
  const batches: string[] = []
  const handler = http.post(apiUrl('/imports/:batchId/undo'), ({ params }) => {
    batches.push(String(params.batchId))
    if ('status' in reply) return HttpResponse.json({ detail: reply.detail }, reply)
    return HttpResponse.json(reply)
  })
  return { handler, batches }
}

/** Serves `<listPath>/export` as the server writes it (a BOM, a header row, CRLF). */
export function serveExport(listPath: string, csv: string, file: string) {
  return http.get(
    apiUrl(`${listPath}/export`),
    () =>
      new HttpResponse(`\uFEFF${csv}`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${file}"`,
        },
      }),
  )
}
