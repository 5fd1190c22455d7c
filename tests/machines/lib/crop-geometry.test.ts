import { describe, expect, it } from 'vitest'
import {
  areaToBox,
  boxToArea,
  centredBox,
  clampZoom,
  hasSize,
  initialArea,
  rezoomArea,
} from '../../../src/lib/crop-geometry'

const image = { width: 4000, height: 3000 }

describe('crop geometry', () => {
  it('clamps the zoom to its range', () => {
    expect(clampZoom(0.1, 0.3, 3)).toBe(0.3)
    expect(clampZoom(4, 1, 3)).toBe(3)
    expect(clampZoom(1.5, 1, 3)).toBe(1.5)
  })

  it('at zoom 1 a box is the same part of the natural image', () => {
    expect(boxToArea({ x: 10, y: 20, width: 50, height: 40 }, image, 1)).toEqual({
      x: 400,
      y: 600,
      width: 2000,
      height: 1200,
    })
  })

  it('zoomed in, the whole box shows the middle of the image', () => {
    expect(boxToArea({ x: 0, y: 0, width: 100, height: 100 }, image, 2)).toEqual({
      x: 1000,
      y: 750,
      width: 2000,
      height: 1500,
    })
  })

  it('zoomed out, the box reaches past the image (transparent edges)', () => {
    const area = boxToArea({ x: 0, y: 0, width: 100, height: 100 }, image, 0.5)
    expect(area).toEqual({ x: -2000, y: -1500, width: 8000, height: 6000 })
  })

  it('areaToBox undoes boxToArea at any zoom', () => {
    const box = { x: 12, y: 7, width: 30, height: 40 }
    for (const zoom of [0.3, 1, 1.7, 3]) {
      const back = areaToBox(boxToArea(box, image, zoom), image, zoom)
      expect(back.x).toBeCloseTo(box.x)
      expect(back.y).toBeCloseTo(box.y)
      expect(back.width).toBeCloseTo(box.width)
      expect(back.height).toBeCloseTo(box.height)
    }
  })

  it('rezoomArea keeps the box in place', () => {
    const area = { x: 1000, y: 500, width: 1200, height: 900 }
    const zoomed = rezoomArea(area, image, 1, 1.5)
    expect(areaToBox(zoomed, image, 1.5).x).toBeCloseTo(areaToBox(area, image, 1).x)
    expect(zoomed.width).toBeCloseTo(800)
  })

  it('the first crop is centred, of the aspect, 90% of the tighter side', () => {
    expect(initialArea(image, 1, 1)).toEqual({ x: 650, y: 150, width: 2700, height: 2700 })
    const wide = initialArea({ width: 1000, height: 3000 }, 4 / 3, 1)
    expect(wide.width).toBeCloseTo(900)
    expect(wide.height).toBeCloseTo(675)
    expect(wide.x).toBeCloseTo(50)
    const box = centredBox(image, 4 / 3)
    expect(box.width).toBeCloseTo(90)
    expect(box.height).toBeCloseTo(90)
  })

  it('an area needs a size', () => {
    expect(hasSize(null)).toBe(false)
    expect(hasSize({ x: 0, y: 0, width: 0, height: 10 })).toBe(false)
    expect(hasSize({ x: 0, y: 0, width: 1, height: 1 })).toBe(true)
  })
})
