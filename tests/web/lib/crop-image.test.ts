import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CANVAS_NOT_SUPPORTED,
  dataUrlByteSize,
  exportCrop,
  outputSize,
} from '../../../src/lib/crop-image'

describe('outputSize: crops are scaled down to fit the maximum, never up', () => {
  it.each([
    ['a product image at 4000×3000 into 1600×1200', 4000, 3000, 1600, 1200, 1600, 1200],
    ['a photo at 3000×3000 into 1024×1024', 3000, 3000, 1024, 1024, 1024, 1024],
    ['a 4:3 demo crop at 2000×1500 into 1024×1024', 2000, 1500, 1024, 1024, 1024, 768],
    ['a tall crop limited by its height', 1000, 3000, 1600, 1200, 400, 1200],
    ['a small photo kept as it is', 500, 500, 1024, 1024, 500, 500],
    ['a small product image kept as it is', 800, 600, 1600, 1200, 800, 600],
    ['fractional areas rounded', 1000.4, 750.3, 1600, 1200, 1000, 750],
  ])('%s', (_, width, height, maxWidth, maxHeight, outWidth, outHeight) => {
    expect(outputSize({ width, height }, { width: maxWidth, height: maxHeight })).toEqual({
      width: outWidth,
      height: outHeight,
    })
  })

  it('never gives an empty image', () => {
    expect(outputSize({ width: 0.2, height: 0.2 }, { width: 1024, height: 1024 })).toEqual({
      width: 1,
      height: 1,
    })
  })
})

describe('dataUrlByteSize', () => {
  it('counts the decoded bytes of a base64 data URL', () => {
    expect(dataUrlByteSize(`data:image/png;base64,${btoa('abc')}`)).toBe(3)
    expect(dataUrlByteSize(`data:image/png;base64,${btoa('abcd')}`)).toBe(4)
    expect(dataUrlByteSize(`data:image/png;base64,${btoa('abcde')}`)).toBe(5)
  })
})

describe('exportCrop', () => {
  afterEach(() => vi.restoreAllMocks())

  it("fails with 'Canvas not supported' when the browser gives no 2D context", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
    await expect(
      exportCrop({
        src: 'blob:picked',
        area: { x: 0, y: 0, width: 100, height: 100 },
        maxWidth: 1024,
        maxHeight: 1024,
      }),
    ).rejects.toThrow(CANVAS_NOT_SUPPORTED)
    expect(CANVAS_NOT_SUPPORTED).toBe('Canvas not supported')
  })
})
