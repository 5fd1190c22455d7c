import { describe, expect, it } from 'vitest'
import { attachmentName, countRecords } from '../../../src/lib/csv-records'

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
