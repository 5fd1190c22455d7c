// A list's CSV import, in its dialog (issue 29): choosing a file → checking it (sent with
// `?dryRun=true`, which writes nothing) → previewing what it would do (the counts, the first rows,
// every refused row by row and column) → importing (sent again, for real) → done, reported with
// its counts and an undo. Both sends go through the `upload` actor, which reports back with
// `upload.*` events: progress while the file goes up (`sending`), then the server's answer. A
// check can be cancelled at any time, an import only while its file is still going up: once the
// server writes, the answer is the only way to know what happened. A refused import (a row
// turned bad since the check; nothing written) goes back to previewing with the new errors.
// Another file can be chosen from every resting state. The app provides `upload` (the request,
// stopped when its state is left, which aborts it), the template and failing-rows downloads and
// the reports; tests pass fakes.
import { type AnyEventObject, assertEvent, assign, fromCallback, setup } from 'xstate'

/** A refused row: its number as a spreadsheet shows it (the header is row 1), its column. */
export interface CsvImportError {
  row: number
  column: string
  detail: string
}

/** One of the file's first rows and what it does. */
export interface CsvImportRow {
  row: number
  status: 'create' | 'update' | 'unchanged' | 'error'
  id: number | null
  name: string | null
}

/** The server's answer (a dry run: what it would do). */
export interface CsvImportAnswer {
  created: number
  updated: number
  unchanged: number
  errors: CsvImportError[]
  /** Undo with it; null when nothing was written. */
  batchId: string | null
  /** The first rows (a server that does not preview them leaves it out). */
  rows?: CsvImportRow[]
}

/** One send of the file. */
export interface CsvImportUpload {
  file: File
  dryRun: boolean
  /** Write the valid rows and pass by the refused ones (chosen when the check found errors). */
  skipInvalid: boolean
}

export interface CsvImportContext {
  file: File | null
  /** The check's answer (or a refused import's): what the dialog previews. */
  preview: CsvImportAnswer | null
  /** The import's answer. */
  result: CsvImportAnswer | null
  error: unknown
  /** Bytes of the file sent so far, of `total`. */
  sent: number
  total: number
}

export type CsvImportEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'template.download' }
  | { type: 'import.start' }
  | { type: 'import.cancel' }
  | { type: 'import.retry' }
  | { type: 'errors.download' }
  // What the upload actor reports back.
  | { type: 'upload.progress'; sent: number; total: number }
  | { type: 'upload.sent' }
  | { type: 'upload.answered'; answer: CsvImportAnswer; refused: boolean }
  | { type: 'upload.failed'; error: unknown }

/** Rows the import would write: without any, Import has nothing to do. */
export const writesSomething = (answer: CsvImportAnswer | null) =>
  answer !== null && answer.created + answer.updated > 0

// Choosing a (new) file starts its check; the template is on offer beside the file picker.
const choosing = {
  'file.choose': { target: '#csvImport.checking', actions: 'takeFile' },
  'template.download': { actions: 'downloadTemplate' },
} as const

const failed = { target: '#csvImport.failed', actions: 'keepError' } as const

export const csvImportMachine = setup({
  types: {
    context: {} as CsvImportContext,
    events: {} as CsvImportEvent,
  },
  actors: {
    upload: fromCallback<AnyEventObject, CsvImportUpload>(() => {
      throw new Error('The upload actor must be provided')
    }),
  },
  guards: {
    writesSomething: ({ context }) => writesSomething(context.preview),
    refused: ({ event }) => event.type === 'upload.answered' && event.refused,
  },
  actions: {
    takeFile: assign(({ event }) => {
      assertEvent(event, 'file.choose')
      return { file: event.file, preview: null, result: null, error: null }
    }),
    startSending: assign(({ context }) => ({ sent: 0, total: context.file?.size ?? 0 })),
    countSent: assign(({ event }) => {
      assertEvent(event, 'upload.progress')
      return { sent: event.sent, total: event.total }
    }),
    keepError: assign(({ event }) => {
      assertEvent(event, 'upload.failed')
      return { error: event.error }
    }),
    downloadTemplate: () => {},
    saveFailingRows: (_, _params: { file: File; errors: CsvImportError[] }) => {},
    reportDone: (_, _params: { answer: CsvImportAnswer }) => {},
    reportRefused: (_, _params: { answer: CsvImportAnswer }) => {},
  },
}).createMachine({
  id: 'csvImport',
  context: { file: null, preview: null, result: null, error: null, sent: 0, total: 0 },
  initial: 'choosing',
  states: {
    choosing: { on: choosing },
    checking: {
      tags: ['busy', 'cancellable'],
      entry: 'startSending',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          file: context.file as File,
          dryRun: true,
          skipInvalid: false,
        }),
      },
      initial: 'sending',
      states: {
        sending: {
          tags: ['sending'],
          on: { 'upload.progress': { actions: 'countSent' }, 'upload.sent': 'waiting' },
        },
        // The whole file is up: the server reads it.
        waiting: {},
      },
      on: {
        'upload.answered': {
          target: 'previewing',
          actions: assign({ preview: ({ event }) => event.answer }),
        },
        'upload.failed': failed,
        'import.cancel': 'cancelled',
      },
    },
    previewing: {
      on: {
        ...choosing,
        'import.start': { guard: 'writesSomething', target: 'importing' },
        'errors.download': {
          actions: {
            type: 'saveFailingRows',
            params: ({ context }) => ({
              file: context.file as File,
              errors: context.preview?.errors ?? [],
            }),
          },
        },
      },
    },
    importing: {
      tags: ['busy'],
      entry: 'startSending',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          file: context.file as File,
          dryRun: false,
          skipInvalid: (context.preview?.errors.length ?? 0) > 0,
        }),
      },
      initial: 'sending',
      states: {
        sending: {
          tags: ['sending', 'cancellable'],
          on: {
            'upload.progress': { actions: 'countSent' },
            'upload.sent': 'writing',
            'import.cancel': '#csvImport.cancelled',
          },
        },
        // The server writes: no way back but its answer.
        writing: {},
      },
      on: {
        'upload.answered': [
          {
            guard: 'refused',
            target: 'previewing',
            actions: [
              assign({ preview: ({ event }) => event.answer }),
              { type: 'reportRefused', params: ({ event }) => ({ answer: event.answer }) },
            ],
          },
          {
            target: 'done',
            actions: [
              assign({ result: ({ event }) => event.answer }),
              { type: 'reportDone', params: ({ event }) => ({ answer: event.answer }) },
            ],
          },
        ],
        'upload.failed': failed,
      },
    },
    done: {
      on: {
        ...choosing,
        // The rows an import with skipped rows passed by.
        'errors.download': {
          actions: {
            type: 'saveFailingRows',
            params: ({ context }) => ({
              file: context.file as File,
              errors: context.result?.errors ?? [],
            }),
          },
        },
      },
    },
    failed: { on: { ...choosing, 'import.retry': 'checking' } },
    cancelled: { on: { ...choosing, 'import.retry': 'checking' } },
  },
})
