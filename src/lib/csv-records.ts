// Counting the records of a CSV download as its bytes arrive, for the export's progress. A
// line break inside a quoted cell (a description over several lines) does not end a record;
// quotes and line breaks are ASCII, so the bytes can be scanned without decoding UTF-8. Reading
// whole records back is ./csv-table.ts (loaded with the import dialog only).

const QUOTE = 0x22
const LINE_FEED = 0x0a

export interface RecordCount {
  records: number
  /** A quoted cell is open at the end of the bytes seen so far. */
  quoted: boolean
}

/** The count after these further bytes (records end with a line break outside quotes). */
export function countRecords(bytes: Uint8Array, before: RecordCount): RecordCount {
  let { records, quoted } = before
  for (const byte of bytes) {
    if (byte === QUOTE) quoted = !quoted
    else if (byte === LINE_FEED && !quoted) records += 1
  }
  return { records, quoted }
}

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
export function attachmentName(header: string | null): string | undefined {
  return header?.match(/filename="([^"]+)"/)?.[1]
}
