import { Worker } from 'node:worker_threads'
import SqliteDatabase from 'better-sqlite3'

// A few worker threads, each with its own read-only connection on the SQLite file, so that
// SELECTs run on the other cores while the main thread serves HTTP and writes (decision 018).
// One queue in the main thread feeds them. A worker works on one job at a time; while every
// worker has one, more are sent to a worker whose job began within the last few milliseconds,
// so that it goes from one to the next without waiting for the main thread, busy with HTTP, to
// hear its answer and send another (a worker that never idles between pages also keeps its CPU
// caches warm). A short query never waits behind a long count while another worker is idle, nor
// behind one running for longer.

/** What a worker is asked: one SELECT's rows, or a message for the pages module the pool was
 * given (a list page, a count: opaque here). */
type Message = { sql: string; parameters: readonly unknown[] } | { pages: unknown }

type Answer =
  | { rows: Record<string, unknown>[] }
  | { answer: unknown }
  | { error: { message: string; code?: string } }

interface Job {
  message: Message
  resolve: (answer: Answer) => void
  reject: (error: Error) => void
  /** When it was sent to its worker (performance.now()). */
  sentAt?: number
}

/** A job sent this long ago and not answered is likely a long one (a count): none is queued
 * behind it. Pages take well under a millisecond. */
const LONG_JOB_MS = 5

/** At most this many jobs sent to one worker at a time: a few milliseconds of pages. 8 rather
 * than 2 (one running, one waiting) served 8–10 % more pages per second at 32 connections and
 * as many at 8, where sending them to the latest starter rather than the least busy had cost
 * up to a fifth. */
const JOBS_PER_WORKER = 8

const WORKER_FILE = new URL('./read-worker.mjs', import.meta.url)

const byDatabase = new WeakMap<object, ReadWorkers>()

/** The read workers of a database handle (`createDatabase`), if it has any. */
export function readWorkersOf(db: object): ReadWorkers | undefined {
  return byDatabase.get(db)
}

/** Makes `workers` the read workers of `db` (`readWorkersOf`). */
export function attachReadWorkers(db: object, workers: ReadWorkers): void {
  byDatabase.set(db, workers)
}

export class ReadWorkers {
  readonly #file: string
  readonly #size: number
  readonly #pages: URL | undefined
  readonly #unannounced: () => string
  readonly #queue: Job[] = []
  /** Every live worker, and the jobs sent to it and not yet answered, by id. */
  readonly #workers = new Map<Worker, Map<number, Job>>()
  #lastId = 0
  #started = false
  #destroyed = false

  /** `unannounced`: names the changes to the file the main connection knows of that no request
   * announces (another process's commits, its own rows changed outside a writing request). */
  constructor(file: string, size: number, pages?: URL, unannounced: () => string = () => '') {
    this.#file = file
    this.#size = size
    this.#pages = pages
    this.#unannounced = unannounced
  }

  /** Whether the workers were given a pages module, so `pages` can be asked. */
  get readsPages(): boolean {
    return this.#pages !== undefined
  }

  /** How many workers the pool runs. */
  get size(): number {
    return this.#size
  }

  /** Names the changes to the file so far that no request announces: changes with each. */
  unannouncedChanges(): string {
    return this.#unannounced()
  }

  /** The rows of one SELECT, read on whichever worker is free first. */
  async read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const answer = await this.#ask({ sql, parameters })
    return 'rows' in answer ? withBuffers(answer.rows) : []
  }

  /** The pages module's answer to `message` (a list page, a count), on whichever worker is
   * free first. */
  async pages(message: unknown): Promise<unknown> {
    const answer = await this.#ask({ pages: message })
    return 'answer' in answer ? answer.answer : undefined
  }

  /** Tells the pages module of every running worker, before any job sent after this call; it
   * answers nothing. */
  tellPages(message: unknown): void {
    for (const worker of this.#workers.keys()) worker.postMessage({ told: message })
  }

  #ask(message: Message): Promise<Answer> {
    if (this.#destroyed) return Promise.reject(new Error('The SQLite read workers were stopped'))
    return new Promise((resolve, reject) => {
      this.#queue.push({ message, resolve, reject })
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
    const worker = new Worker(WORKER_FILE, {
      workerData: { file: this.#file, pages: this.#pages?.href },
    })
    // The server's open sockets keep the process alive; idle workers must not.
    worker.unref()
    worker.on('message', (answer: Answer & { id: number }) => this.#answered(worker, answer))
    worker.on('error', (error) => this.#lost(worker, error.message))
    worker.on('exit', (code) => this.#lost(worker, `exit code ${code}`))
    this.#workers.set(worker, new Map())
  }

  #dispatch(): void {
    // All start on the first read rather than at creation (migrations and one-shot work never
    // pay for them). One that died is replaced only when there is work for it: a worker that
    // cannot start fails the query it was given, rather than restarting in an endless loop.
    if (!this.#started) {
      this.#started = true
      while (this.#workers.size < this.#size) this.#spawn()
    }
    while (this.#queue.length > 0 && this.#workers.size < this.#size) this.#spawn()
    // Each job goes to an idle worker, else ahead to the worker with the fewest jobs (then the
    // one whose job began last) among those whose job began a moment ago: the longer a job has
    // run, the likelier it is a long one.
    while (this.#queue.length > 0) {
      const now = performance.now()
      let chosen: [Worker, Map<number, Job>] | undefined
      for (const entry of this.#workers) {
        const [, jobs] = entry
        const young = jobs.size < JOBS_PER_WORKER && now - sentAt(jobs) <= LONG_JOB_MS
        if (jobs.size > 0 && !young) continue
        if (!chosen || fewerOrLater(jobs, chosen[1])) chosen = entry
      }
      if (!chosen) break
      this.#send(...chosen)
    }
  }

  #send(worker: Worker, jobs: Map<number, Job>): void {
    const job = this.#queue.shift() as Job
    const id = ++this.#lastId
    job.sentAt = performance.now()
    jobs.set(id, job)
    worker.postMessage({ ...job.message, id })
  }

  #answered(worker: Worker, { id, ...answer }: Answer & { id: number }): void {
    const jobs = this.#workers.get(worker)
    const job = jobs?.get(id)
    jobs?.delete(id)
    if (job) {
      if ('error' in answer) job.reject(sqliteError(answer.error))
      else job.resolve(answer as Answer)
    }
    this.#dispatch()
  }

  /** A worker that died (an 'error' is followed by 'exit': handled once) fails its queries;
   * the queue goes on, on a new worker. */
  #lost(worker: Worker, reason: string): void {
    const jobs = this.#workers.get(worker)
    if (!jobs) return
    this.#workers.delete(worker)
    for (const job of jobs.values()) {
      job.reject(new Error(`A SQLite read worker stopped (${reason}) before answering its query`))
    }
    if (!this.#destroyed) this.#dispatch()
  }
}

/** Whether `a` has fewer jobs than `b`, or as many and the one running began later. */
function fewerOrLater(a: Map<number, Job>, b: Map<number, Job>): boolean {
  return a.size < b.size || (a.size === b.size && sentAt(a) > sentAt(b))
}

/** When the first of a worker's jobs was sent to it. */
function sentAt(jobs: Map<number, Job>): number {
  return jobs.values().next().value?.sentAt ?? 0
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
