// The uploaded CSV (issue 29): kept in a temporary file as it arrives, so memory stays flat
// however large the file and the import's transaction never waits on a slow upload; then read
// back record by record with csv-parse. The export's own format reads back: a BOM or none, CRLF
// or LF, and `;` as the separator when the header row uses it (spreadsheets in locales whose
// decimal mark is a comma save that way).
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { HttpError } from '../errors'

/** Large enough for 100,000 product rows with long descriptions. */
export const IMPORT_BODY_LIMIT = 256 * 1024 * 1024

export interface SpooledFile {
  path: string
  /** Line breaks in the file: at least its records less one (a quoted cell may hold more). */
  lineBreaks: number
  remove(): Promise<void>
}

/** Writes the body to a temporary file: 413 beyond the limit, 400 when it is not UTF-8. */
export async function spool(body: Readable, limit = IMPORT_BODY_LIMIT): Promise<SpooledFile> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'backoffice-import-'))
  const remove = () => rm(folder, { recursive: true, force: true })
  const file = path.join(folder, 'body.csv')
  const out = createWriteStream(file)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let size = 0
  let lineBreaks = 0
  let problem: HttpError | undefined
  try {
    // Read to the end even after a refusal, so the client can read the answer.
    for await (const chunk of body) {
      size += chunk.length
      if (problem) continue
      if (size > limit) problem = new HttpError(413, 'Request body is too large')
      else if (!utf8(decoder, chunk)) problem = notUtf8()
      else {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lineBreaks++
        if (!out.write(chunk)) await once(out, 'drain')
      }
    }
    if (!problem && !utf8(decoder)) problem = notUtf8()
    out.end()
    await once(out, 'close')
    if (problem) throw problem
    return { path: file, lineBreaks, remove }
  } catch (error) {
    out.destroy()
    await remove()
    throw error
  }
}

function utf8(decoder: TextDecoder, chunk?: Uint8Array): boolean {
  try {
    decoder.decode(chunk, { stream: chunk !== undefined })
    return true
  } catch {
    return false
  }
}

const notUtf8 = () =>
  new HttpError(400, 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again')

/** `;` when the header row holds more of them than commas, else `,`. */
async function separator(file: string): Promise<string> {
  const handle = await open(file)
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0)
    const header = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/, 1)[0]
    const count = (char: string) => header.split(char).length - 1
    return count(';') > count(',') ? ';' : ','
  } finally {
    await handle.close()
  }
}

/** The file's records (arrays of cells), header first, one at a time. */
export async function* csvRecords(file: string): AsyncGenerator<string[]> {
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      delimiter: await separator(file),
      relax_column_count: false,
      skip_empty_lines: true,
    }),
  )
  try {
    for await (const record of parser) yield record as string[]
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new HttpError(400, `The file is not valid CSV: ${message}`)
  }
}
