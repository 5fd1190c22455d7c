// A CSV file read back and written in the browser (the import dialog's failing rows and
// template), with the server's own rules (server/imports/csv-file.ts): RFC 4180 quoting (a
// quoted cell may hold the separator, doubled quotes and line breaks), a BOM or none, CRLF or LF,
// `;` as the separator when the header row holds more of them than commas, empty lines skipped;
// so a record's number is the row the server's errors name (the header is row 1). Small and
// focused rather than a parser library in the dialog's bundle.

export interface CsvTable {
  separator: ',' | ';'
  /** Every record, the header first. */
  records: string[][]
}

/** `;` when the header row holds more of them than commas, as the server decides. */
function separatorOf(text: string): ',' | ';' {
  const header = text.split(/\r?\n/, 1)[0] ?? ''
  const count = (char: string) => header.split(char).length - 1
  return count(';') > count(',') ? ';' : ','
}

/** The records of CSV text (a record cut off at the end is read as far as it goes). */
export function parseCsv(content: string): CsvTable {
  const text = content.replace(/^\uFEFF/, '')
  const separator = separatorOf(text)
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  // A line with no characters at all is skipped, not read as a record of one empty cell.
  let empty = true
  const endRecord = () => {
    if (!empty) records.push([...record, cell])
    record = []
    cell = ''
    empty = true
  }
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]
    if (quoted) {
      if (char !== '"') cell += char
      else if (text[at + 1] === '"') {
        cell += '"'
        at += 1
      } else quoted = false
    } else if (char === '"') {
      quoted = true
      empty = false
    } else if (char === separator) {
      record.push(cell)
      cell = ''
      empty = false
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1
      endRecord()
    } else {
      cell += char
      empty = false
    }
  }
  endRecord()
  return { separator, records }
}

/** A cell as CSV writes it: quoted when it holds the separator, a quote or a line break. */
const csvCell = (value: string, separator: string) =>
  value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value

/** A CSV file's text: a BOM (so spreadsheets read ₦ and accents), CRLF line ends. */
export function toCsv({ separator, records }: CsvTable): string {
  const lines = records.map((cells) =>
    cells.map((cell) => csvCell(cell, separator)).join(separator),
  )
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`
}

/**
 * The header and the rows an import refused, each as the file had it plus an `Error` column
 * saying why (`Column: detail`, several joined with `; `): fixed and imported again, they finish
 * the import.
 */
export function failingRows(
  content: string,
  errors: ReadonlyArray<{ row: number; column: string; detail: string }>,
): string {
  const { separator, records } = parseCsv(content)
  const why = new Map<number, string[]>()
  for (const { row, column, detail } of errors) {
    why.set(row, [...(why.get(row) ?? []), column ? `${column}: ${detail}` : detail])
  }
  const [header = [], ...rows] = records
  // The first record under the header is row 2.
  const failing = rows.flatMap((cells, index) => {
    const reasons = why.get(index + 2)
    return reasons ? [[...cells, reasons.join('; ')]] : []
  })
  return toCsv({ separator, records: [[...header, 'Error'], ...failing] })
}
