import { describe, expect, it } from 'vitest'
import { toQueryString } from '../../../src/lib/query-string'

describe('toQueryString', () => {
  it('skips undefined and empty values and sends null as the text null', () => {
    expect(
      toQueryString({
        parentId: null,
        name: '',
        page: 1,
        pageSize: 30,
        enabled: false,
        q: undefined,
      }),
    ).toBe('?parentId=null&page=1&pageSize=30&enabled=false')
  })

  it('encodes values and repeats keys for arrays', () => {
    expect(toQueryString({ name: 'a&b c', id: [1, 2] })).toBe('?name=a%26b+c&id=1&id=2')
  })

  it('gives an empty string when nothing is left', () => {
    expect(toQueryString()).toBe('')
    expect(toQueryString({ name: undefined })).toBe('')
  })
})
