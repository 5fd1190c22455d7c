import { describe, expect, it } from 'vitest'
import {
  attachmentName,
  countRecords,
  failingRows,
  parseCsv,
  toCsv,
} from '../../../src/lib/csv-records'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('countRecords', () => {
  it('counts line breaks outside quotes, across chunks cut anywhere', () => {
    const csv = '\uFEFFID,Name\r\n1,"Two\r\nlines, ""quoted"""\r\n2,₦ Àkàrà\r\n'
    const whole = countRecords(bytes(csv), { records: 0, quoted: false })
    expect(whole).toEqual({ records: 3, quoted: false })
    // Cut inside the quoted cell and inside the ₦ sign: the count carries over.
    const encoded = bytes(csv)
    let count = { records: 0, quoted: false }
    for (const cut of [
      [0, 17],
      [17, 40],
      [40, encoded.length],
    ]) {
      count = countRecords(encoded.slice(cut[0], cut[1]), count)
    }
    expect(count).toEqual(whole)
  })

  it('reports a quoted cell still open at the end of a chunk', () => {
    expect(countRecords(bytes('1,"open\n'), { records: 0, quoted: false })).toEqual({
      records: 0,
      quoted: true,
    })
  })
})

describe('attachmentName', () => {
  it('reads the quoted file name, or nothing', () => {
    expect(attachmentName('attachment; filename="products-2026-11-25.csv"')).toBe(
      'products-2026-11-25.csv',
    )
    expect(attachmentName('attachment')).toBeUndefined()
    expect(attachmentName(null)).toBeUndefined()
  })
})

describe('parseCsv', () => {
  it('reads quoted cells (separators, doubled quotes, line breaks), a BOM, CRLF and LF', () => {
    const csv = '\uFEFFID,Name,About\r\n1,"Suya, spicy","Two\r\nlines, ""quoted"""\n2,Àkàrà,\r\n'
    expect(parseCsv(csv)).toEqual({
      separator: ',',
      records: [
        ['ID', 'Name', 'About'],
        ['1', 'Suya, spicy', 'Two\r\nlines, "quoted"'],
        ['2', 'Àkàrà', ''],
      ],
    })
  })

  it('takes ; as the separator when the header has more of them, as the server does', () => {
    expect(parseCsv('ID;Price (₦)\n4;1250,50\n')).toEqual({
      separator: ';',
      records: [
        ['ID', 'Price (₦)'],
        ['4', '1250,50'],
      ],
    })
  })

  it('skips empty lines (the server does not number them) but keeps a quoted empty cell', () => {
    expect(parseCsv('Name\n\nJollof\r\n\r\n""\nSuya').records).toEqual([
      ['Name'],
      ['Jollof'],
      [''],
      ['Suya'],
    ])
  })
})

describe('toCsv', () => {
  it('quotes only the cells that need it, with a BOM and CRLF; parseCsv reads it back', () => {
    const table = {
      separator: ',' as const,
      records: [
        ['Name', 'About'],
        ['Suya, spicy', 'Say "hi"\nthere'],
      ],
    }
    const csv = toCsv(table)
    expect(csv).toBe('\uFEFFName,About\r\n"Suya, spicy","Say ""hi""\nthere"\r\n')
    expect(parseCsv(csv)).toEqual(table)
  })
})

describe('failingRows', () => {
  it('keeps the header and the refused rows as they were, adding an Error column', () => {
    const csv = 'ID;Name;Price (₦)\n;Jollof;1250\n\n4;"Suya; spicy";-1\n;;5\n'
    const errors = [
      { row: 3, column: 'Price (₦)', detail: 'price must be >= 0' },
      { row: 4, column: 'Name', detail: 'name must not be blank' },
      { row: 4, column: '', detail: 'Product not found' },
    ]
    expect(parseCsv(failingRows(csv, errors))).toEqual({
      separator: ';',
      records: [
        ['ID', 'Name', 'Price (₦)', 'Error'],
        ['4', 'Suya; spicy', '-1', 'Price (₦): price must be >= 0'],
        ['', '', '5', 'Name: name must not be blank; Product not found'],
      ],
    })
  })
})
