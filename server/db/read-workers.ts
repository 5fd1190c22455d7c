import { Worker } from 'node:worker_threads'
import SqliteDatabase from 'better-sqlite3'

// A few worker threads, each with its own read-only connection on the SQLite file, so that
// SELECTs run on the other cores while the main thread serves HTTP and writes (decision 018).
// One queue in the main thread feeds them, one query per worker at a time: a short page query
// never waits behind a long count while another worker is idle.

interface Job {
  sql: string
  parameters: readonly unknown[]
  resolve: (rows: unknown[]) => void
  reject: (error: Error) => void
}

type Answer = { rows: Record<string, unknown>[] } | { error: { message: string; code?: string } }

const WORKER_FILE = new URL('./read-worker.mjs', import.meta.url)

export class ReadWorkers {
  readonly #file: string
  readonly #size: number
  readonly #queue: Job[] = []
  readonly #idle: Worker[] = []
  /** Every live worker, and the job it is answering (undefined while idle). */
  readonly #workers = new Map<Worker, Job | undefined>()
  #started = false
  #destroyed = false

  constructor(file: string, size: number) {
    this.#file = file
    this.#size = size
  }

  /** The rows of one SELECT, read on whichever worker is free first. */
  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.#destroyed) return Promise.reject(new Error('The SQLite read workers were stopped'))
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, parameters, resolve, reject })
      this.#dispatch()
    })
  }

  async destroy(): Promise<void> {
    this.#destroyed = true
    for (const job of this.#queue.splice(0)) {
      job.reject(new Error('The SQLite read workers were stopped'))
    }
    await Promise.all([...this.#workers.keys()].map((worker) => worker.terminate()))
  }

  #spawn(): void {
    const worker = new Worker(WORKER_FILE, { workerData: { file: this.#file } })
    // The server's open sockets keep the process alive; idle workers must not.
    worker.unref()
    worker.on('message', (answer: Answer) => this.#answered(worker, answer))
    worker.on('error', (error) => this.#lost(worker, error.message))
    worker.on('exit', (code) => this.#lost(worker, `exit code ${code}`))
    this.#workers.set(worker, undefined)
    this.#idle.push(worker)
  }

  #dispatch(): void {
    // All start on the first read rather than at creation (migrations and one-shot work never
    // pay for them). One that died is replaced only when there is work for it: a worker that
    // cannot start fails the query it was given, rather than restarting in an endless loop.
    if (!this.#started) {
      this.#started = true
      while (this.#workers.size < this.#size) this.#spawn()
    }
    while (this.#queue.length > this.#idle.length && this.#workers.size < this.#size) {
      this.#spawn()
    }
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const worker = this.#idle.pop() as Worker
      const job = this.#queue.shift() as Job
      this.#workers.set(worker, job)
      worker.postMessage({ sql: job.sql, parameters: job.parameters })
    }
  }

  #answered(worker: Worker, answer: Answer): void {
    const job = this.#workers.get(worker)
    this.#workers.set(worker, undefined)
    this.#idle.push(worker)
    if (job) {
      if ('rows' in answer) job.resolve(withBuffers(answer.rows))
      else job.reject(sqliteError(answer.error))
    }
    this.#dispatch()
  }

  /** A worker that died (an 'error' is followed by 'exit': handled once) fails its query; the
   * queue goes on, on a new worker. */
  #lost(worker: Worker, reason: string): void {
    if (!this.#workers.has(worker)) return
    const job = this.#workers.get(worker)
    this.#workers.delete(worker)
    const idle = this.#idle.indexOf(worker)
    if (idle >= 0) this.#idle.splice(idle, 1)
    job?.reject(new Error(`A SQLite read worker stopped (${reason}) before answering its query`))
    if (!this.#destroyed) this.#dispatch()
  }
}

// Structured clone turns Buffers (BLOB columns: images) into plain Uint8Arrays; the rest of the
// server expects the Buffers better-sqlite3 gives on the main thread. No copy is made.
function withBuffers(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  for (const row of rows) {
    for (const column in row) {
      const value = row[column]
      if (value instanceof Uint8Array) {
        row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      }
    }
  }
  return rows
}

// The same error class, message and code as on the main connection, so that error mapping
// (constraint-errors.ts, isDatabaseUnavailable) treats a worker's failure alike.
function sqliteError({ message, code }: { message: string; code?: string }): Error {
  return code ? new SqliteDatabase.SqliteError(message, code) : new Error(message)
}
