// One read worker (./read-workers.ts): its own read-only connection on the product's SQLite
// file answers the SELECTs and list pages the main thread sends, one at a time. WAL lets it read
// while the main connection writes; each statement is its own read transaction, so it sees every
// write committed before the statement was sent.
import { parentPort, workerData } from 'node:worker_threads'
import SqliteDatabase from 'better-sqlite3'
import { addUnicodeLower, BUSY_TIMEOUT_MS, reusingStatements } from './sqlite-setup.mjs'

const file = new SqliteDatabase(workerData.file, { readonly: true, fileMustExist: true })
file.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
addUnicodeLower(file)
const prepare = reusingStatements(file)

// Parameters and rows cross threads by structured clone, which turns a Buffer into a plain
// Uint8Array; better-sqlite3 binds only Buffers as BLOBs.
const bindable = (value) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value

// Whole list pages come from the pages module the pool was given (workerData.pages, the server's
// TypeScript): loaded as the worker starts, so the first page does not wait for it; a failure to
// load fails each page, not the worker.
const pages = loadPages()
pages.catch(() => {})

async function loadPages() {
  if (!workerData.pages) throw new Error('These read workers were given no pages module')
  const { register } = await import('tsx/esm/api')
  register()
  const { workerPages } = await import(workerData.pages)
  return workerPages(prepare)
}

// Each answer names its job: a page waiting for the TypeScript to load may be answered after a
// SELECT sent later. A message told to every worker (`told`) is answered by no one; the pages
// module takes it in before any job sent after it.
parentPort.on('message', async (message) => {
  if (message.told) {
    try {
      await (await pages).answer(message.told)
    } catch {
      // Nobody waits for it: a page asked next reads without it.
    }
    return
  }
  try {
    if (message.pages) {
      parentPort.postMessage({ id: message.id, answer: await (await pages).answer(message.pages) })
    } else {
      const { id, sql, parameters } = message
      parentPort.postMessage({ id, rows: prepare(sql).all(parameters.map(bindable)) })
    }
  } catch (error) {
    parentPort.postMessage({
      id: message.id,
      error: { message: String(error?.message ?? error), code: error?.code },
    })
  }
})
