// The words of the CSV import dialog and its toasts (issue 29), loaded with the dialog (the
// button's own label is in ./import-csv.tsx, which the list pages load).
import type { CsvImportAnswer, CsvImportError, CsvImportRow } from '../machines/csv-import-machine'

const format = new Intl.NumberFormat('en-NG')
const count = (n: number, one: string, many = `${one}s`) =>
  `${format.format(n)} ${n === 1 ? one : many}`

/** How many rows the errors name (a row may have several errors). */
export const refusedRows = (errors: readonly CsvImportError[]) =>
  new Set(errors.map((error) => error.row)).size

/** The size of a file as people read it: 12.5 kB, 3.2 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${format.format(bytes)} B`
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, 'kB'] : [bytes / 1_000_000, 'MB']
  return `${value.toLocaleString('en-NG', { maximumFractionDigits: 1 })} ${unit}`
}

export const IMPORT_TEXTS = {
  title: 'Import CSV',
  intro:
    'Choose a CSV file in the export’s format. A row with an ID updates that record (only the columns in the file); a row without one creates a record. The file is checked first: nothing is written until you press Import.',
  template: 'Download template',
  templateFailed: 'The template could not be downloaded. Please try again.',
  choose: 'Choose a CSV file',
  chooseAnother: 'Choose another file',
  sending: (sent: number, total: number) =>
    `Sending the file… ${fileSize(sent)} of ${fileSize(total)}`,
  checking: 'Checking every row…',
  writing: 'Importing… the server is writing the rows',
  cancel: 'Cancel',
  close: 'Close',
  retry: 'Try again',
  firstRows: (shown: number) => `The first ${shown === 1 ? 'row' : `${format.format(shown)} rows`}`,
  errorsTitle: (errors: readonly CsvImportError[]) =>
    `${count(refusedRows(errors), 'row')} refused`,
  errorsCapped: (listed: number) => `The first ${format.format(listed)} errors are listed.`,
  failingRows: 'Download failing rows',
  nothingToDo: 'Nothing to import: no row creates or changes a record.',
  importRows: (answer: CsvImportAnswer) => {
    const rows = count(answer.created + answer.updated, 'row')
    const refused = refusedRows(answer.errors)
    return refused > 0 ? `Import ${rows}, skip ${format.format(refused)}` : `Import ${rows}`
  },
  skipping: (answer: CsvImportAnswer) =>
    `Import writes the valid rows and skips the ${count(refusedRows(answer.errors), 'row')} refused; or fix them and choose the file again.`,
  refused: 'Nothing was imported: some rows no longer pass the checks. See the errors.',
  failed: 'Import failed. Please try again.',
  cancelled: 'Import cancelled: nothing was imported.',
  done: (answer: CsvImportAnswer) => {
    const counts = `${format.format(answer.created)} created, ${format.format(answer.updated)} updated, ${format.format(answer.unchanged)} unchanged`
    const refused = refusedRows(answer.errors)
    return `Import done: ${counts}${refused > 0 ? `; ${count(refused, 'row')} skipped` : ''}`
  },
  undo: 'Undo import',
  undone: ({ deleted, reverted }: { deleted: number; reverted: number }) =>
    `Import undone: ${count(deleted, 'record')} deleted, ${format.format(reverted)} put back`,
  undoFailed: 'Undo failed. Please try again.',
} as const

/** A row's status, and the heading of its count. */
export const STATUS_LABELS: Record<CsvImportRow['status'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
}
