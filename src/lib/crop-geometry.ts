// Pure crop maths shared by the crop machine and the cropper UI. The machine keeps the crop as
// an area of the natural image; the cropper shows a box over the displayed image, which is the
// natural image scaled about its centre by the zoom. Percent boxes need no display size at all.

export interface Size {
  width: number
  height: number
}

/** A rectangle in pixels of the natural image (it may reach outside it when zoomed out). */
export interface Area {
  x: number
  y: number
  width: number
  height: number
}

/** A rectangle in percent of the displayed image's box (0 to 100 on each axis). */
export interface PercentBox {
  x: number
  y: number
  width: number
  height: number
}

export function clampZoom(zoom: number, min: number, max: number): number {
  if (Number.isNaN(zoom)) return min
  return Math.min(Math.max(zoom, min), max)
}

/** The part of the natural image under `box` when the image is shown scaled by `zoom`. */
export function boxToArea(box: PercentBox, image: Size, zoom: number): Area {
  const axis = (start: number, length: number, size: number) => {
    const centre = size / 2
    return {
      start: ((start / 100) * size - centre) / zoom + centre,
      length: ((length / 100) * size) / zoom,
    }
  }
  const x = axis(box.x, box.width, image.width)
  const y = axis(box.y, box.height, image.height)
  return { x: x.start, y: y.start, width: x.length, height: y.length }
}

/** Where `area` of the natural image shows, in percent of the box, at `zoom`. */
export function areaToBox(area: Area, image: Size, zoom: number): PercentBox {
  const axis = (start: number, length: number, size: number) => {
    const centre = size / 2
    return {
      start: (((start - centre) * zoom + centre) / size) * 100,
      length: ((length * zoom) / size) * 100,
    }
  }
  const x = axis(area.x, area.width, image.width)
  const y = axis(area.y, area.height, image.height)
  return { x: x.start, y: y.start, width: x.length, height: y.length }
}

/** Zooming keeps the box where the operator drew it: the image moves under it. */
export function rezoomArea(area: Area, image: Size, from: number, to: number): Area {
  return boxToArea(areaToBox(area, image, from), image, to)
}

/** The box of `aspect` (width / height) centred on the image, `fraction` of its tighter side. */
export function centredBox(image: Size, aspect: number, fraction = 0.9): PercentBox {
  const imageAspect = image.width / image.height
  // In percent units a box of the right shape has width% / height% = aspect / imageAspect.
  const ratio = aspect / imageAspect
  const width = ratio >= 1 ? 100 * fraction : 100 * fraction * ratio
  const height = ratio >= 1 ? (100 * fraction) / ratio : 100 * fraction
  return { x: (100 - width) / 2, y: (100 - height) / 2, width, height }
}

/** The starting crop for a freshly picked image shown at `zoom`. */
export function initialArea(image: Size, aspect: number, zoom: number): Area {
  return boxToArea(centredBox(image, aspect), image, zoom)
}

export function hasSize(area: Area | null): area is Area {
  return area !== null && area.width > 0 && area.height > 0
}
