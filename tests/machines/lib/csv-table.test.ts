import { describe, expect, it } from 'vitest'
import { failingRows, parseCsv, toCsv } from '../../../src/lib/csv-table'

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
