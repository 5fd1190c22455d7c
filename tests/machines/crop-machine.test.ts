import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { ApiError } from '../../src/lib/api-client'
import { areaToBox } from '../../src/lib/crop-geometry'
import { photoCrop, productImageCrop } from '../../src/lib/crop-presets'
import { cropMachine, type ExportRequest, type LoadedImage } from '../../src/machines/crop-machine'
import {
  type CropRun,
  cropped,
  cropping,
  failed,
  pickedFile as file,
  IMAGE,
  PNG,
  startCrop as start,
  UPLOAD_ERROR,
} from '../support/crop'
import {
  deferred,
  describeEdgeCoverage,
  describeShortestPaths,
  sendRefused,
  settledByHand,
  startMachine,
  where,
} from '../support/machines'

describe('crop machine: picking and cropping', () => {
  it('starts idle with nothing picked, at zoom 1', () => {
    const { state } = start()
    expect(where(state())).toBe('idle')
    expect(state().hasTag('active')).toBe(false)
    expect(state().context).toMatchObject({ file: null, image: null, area: null, zoom: 1 })
  })

  it('file.pick loads the file, then crops it from a centred box of the aspect', async () => {
    const read = deferred<LoadedImage>()
    const { actor, state, readFile } = start({ readFile: () => read.promise })
    const picked = file()
    actor.send({ type: 'file.pick', file: picked })
    expect(where(state())).toBe('active.loading')
    expect(state().hasTag('loading')).toBe(true)
    expect(state().hasTag('active')).toBe(true)
    expect(readFile).toHaveBeenCalledWith(picked)

    read.resolve(IMAGE)
    await waitFor(actor, (s) => s.matches({ active: 'cropping' }))
    expect(state().context.image).toEqual(IMAGE)
    // 1:1 on a 4000×3000 image: 90% of the height, centred.
    expect(state().context.area).toEqual({ x: 650, y: 150, width: 2700, height: 2700 })
    expect(state().hasTag('editing')).toBe(true)
  })

  it('a file that cannot be read goes back to idle and reports why', async () => {
    const { actor, state, reportFailure } = start({
      readFile: () => Promise.reject(new Error('This file could not be read as an image.')),
    })
    actor.send({ type: 'file.pick', file: file('notes.txt') })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(state().context.error).toBe('This file could not be read as an image.')
    expect(state().context.file).toBeNull()
    expect(reportFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'This file could not be read as an image.' }),
    )
  })

  it('picking another file while loading reads the new one instead', async () => {
    const first = deferred<LoadedImage>()
    const reads: File[] = []
    const { actor, state } = start({
      readFile: (picked) => {
        reads.push(picked)
        return reads.length === 1 ? first.promise : Promise.resolve({ ...IMAGE, src: 'blob:2' })
      },
    })
    actor.send({ type: 'file.pick', file: file('one.png') })
    actor.send({ type: 'file.pick', file: file('two.png') })
    await waitFor(actor, (s) => s.matches({ active: 'cropping' }))
    first.resolve(IMAGE)
    await Promise.resolve()
    expect(reads.map((f) => f.name)).toEqual(['one.png', 'two.png'])
    expect(state().context.image?.src).toBe('blob:2')
    expect(state().context.file?.name).toBe('two.png')
  })

  it('crop.change sets the area in pixels of the natural image', async () => {
    const { actor, state } = await cropping()
    const area = { x: 10, y: 20, width: 300, height: 300 }
    actor.send({ type: 'crop.change', area })
    expect(where(state())).toBe('active.cropping')
    expect(state().context.area).toEqual(area)
  })

  it('zoom.change is clamped to the minimum and maximum', async () => {
    const { actor, state } = await cropping()
    actor.send({ type: 'zoom.change', zoom: 2.5 })
    expect(state().context.zoom).toBe(2.5)
    actor.send({ type: 'zoom.change', zoom: 7 })
    expect(state().context.zoom).toBe(3)
    actor.send({ type: 'zoom.change', zoom: 0.2 })
    expect(state().context.zoom).toBe(1)
    actor.send({ type: 'zoom.change', zoom: Number.NaN })
    expect(state().context.zoom).toBe(1)
  })

  it('product images zoom out to 0.3', async () => {
    const { actor, state } = await cropping({}, productImageCrop)
    actor.send({ type: 'zoom.change', zoom: 0.1 })
    expect(state().context.zoom).toBe(0.3)
  })

  it('zooming keeps the box where it was drawn and crops less of the image', async () => {
    const { actor, state } = await cropping()
    const before = state().context.area
    if (!before) throw new Error('no area')
    const box = areaToBox(before, IMAGE, 1)
    actor.send({ type: 'zoom.change', zoom: 2 })
    const after = state().context.area
    if (!after) throw new Error('no area')
    expect(after.width).toBeCloseTo(before.width / 2)
    expect(after.x + after.width / 2).toBeCloseTo(before.x + before.width / 2)
    const boxAfter = areaToBox(after, IMAGE, 2)
    expect(boxAfter.x).toBeCloseTo(box.x)
    expect(boxAfter.width).toBeCloseTo(box.width)
  })
})

describe('crop machine: applying the crop', () => {
  it('crop.apply exports the area, scaled to the maximum size, and rests in cropped', async () => {
    const exported = deferred<string>()
    const { actor, state, exportCrop } = await cropping({ exportCrop: () => exported.promise })
    actor.send({ type: 'crop.apply' })
    expect(where(state())).toBe('active.exporting.forPreview')
    expect(state().hasTag('busy')).toBe(true)
    expect(exportCrop).toHaveBeenCalledWith({
      src: IMAGE.src,
      area: { x: 650, y: 150, width: 2700, height: 2700 },
      maxWidth: 1024,
      maxHeight: 1024,
    })

    exported.resolve(PNG)
    await waitFor(actor, (s) => s.matches({ active: 'cropped' }))
    expect(state().context.dataUrl).toBe(PNG)
    expect(state().hasTag('cropped')).toBe(true)
    expect(state().hasTag('busy')).toBe(false)
  })

  it('crop.apply without a crop area does nothing', async () => {
    const { actor, state, exportCrop } = await cropping()
    actor.send({ type: 'crop.change', area: { x: 0, y: 0, width: 0, height: 0 } })
    sendRefused(actor, { type: 'crop.apply' })
    expect(where(state())).toBe('active.cropping')
    expect(exportCrop).not.toHaveBeenCalled()
  })

  it("an export failure returns to cropping with 'Canvas not supported'", async () => {
    const { actor, state, reportFailure } = await cropping({
      exportCrop: () => Promise.reject(new Error('Canvas not supported')),
    })
    actor.send({ type: 'crop.apply' })
    await waitFor(actor, (s) => s.matches({ active: 'cropping' }) && s.context.error !== null)
    expect(state().context.error).toBe('Canvas not supported')
    expect(state().context.dataUrl).toBeNull()
    expect(reportFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Canvas not supported' }),
    )
  })

  it("an export failure without a message is reported as 'Canvas not supported'", async () => {
    const { actor, state } = await cropping({ exportCrop: () => Promise.reject(null) })
    actor.send({ type: 'crop.apply' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(state().context.error).toBe('Canvas not supported')
  })

  it('crop.redo (Re-crop) goes back to cropping with the same area and drops the PNG', async () => {
    const { actor, state } = await cropped()
    const area = state().context.area
    actor.send({ type: 'crop.redo' })
    expect(where(state())).toBe('active.cropping')
    expect(state().context.area).toEqual(area)
    expect(state().context.dataUrl).toBeNull()
  })

  it('crop.remove (Remove) drops the file and frees the image', async () => {
    const { actor, state, releaseImage } = await cropped()
    actor.send({ type: 'crop.remove' })
    expect(where(state())).toBe('idle')
    expect(state().context).toMatchObject({ file: null, image: null, area: null, dataUrl: null })
    expect(releaseImage).toHaveBeenCalledWith(IMAGE.src)
  })

  it('crop.remove also works while cropping', async () => {
    const { actor, state, releaseImage } = await cropping()
    actor.send({ type: 'crop.remove' })
    expect(where(state())).toBe('idle')
    expect(releaseImage).toHaveBeenCalledWith(IMAGE.src)
  })

  it('picking another file frees the previous image', async () => {
    const { actor, releaseImage } = await cropped()
    actor.send({ type: 'file.pick', file: file('other.png') })
    expect(where(actor.getSnapshot())).toBe('active.loading')
    expect(releaseImage).toHaveBeenCalledWith(IMAGE.src)
  })
})

describe('crop machine: uploading', () => {
  it('upload.start from cropped uploads the PNG, is busy, then is done', async () => {
    const call = deferred<unknown>()
    const { actor, state, upload, reportUploaded, releaseImage } = await cropped({
      upload: () => call.promise,
    })
    actor.send({ type: 'upload.start' })
    expect(where(state())).toBe('active.uploading')
    expect(state().hasTag('busy')).toBe(true)
    expect(upload).toHaveBeenCalledWith(PNG)

    call.resolve({ id: 7 })
    await waitFor(actor, (s) => s.matches('done'))
    expect(state().hasTag('busy')).toBe(false)
    expect(state().hasTag('active')).toBe(false)
    expect(reportUploaded).toHaveBeenCalledWith({ id: 7 })
    expect(releaseImage).toHaveBeenCalledWith(IMAGE.src)
  })

  it('upload.start while cropping exports first, then uploads (the dialog’s Upload)', async () => {
    const { actor, state, exportCrop, upload } = await cropping()
    actor.send({ type: 'upload.start' })
    expect(where(state())).toBe('active.exporting.forUpload')
    expect(state().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('done'))
    expect(exportCrop).toHaveBeenCalledTimes(1)
    expect(upload).toHaveBeenCalledWith(PNG)
  })

  it('an export failure before uploading stays in cropping and uploads nothing', async () => {
    const { actor, state, upload } = await cropping({
      exportCrop: () => Promise.reject(new Error('Canvas not supported')),
    })
    actor.send({ type: 'upload.start' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(where(state())).toBe('active.cropping')
    expect(upload).not.toHaveBeenCalled()
  })

  it("an upload failure shows the server's detail", async () => {
    const { state, reportFailure } = await failed({
      upload: () => Promise.reject(new ApiError(413, 'The image is larger than 8 MiB')),
    })
    expect(state().context.error).toBe('The image is larger than 8 MiB')
    expect(state().context.dataUrl).toBe(PNG)
    expect(state().hasTag('failed')).toBe(true)
    expect(reportFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The image is larger than 8 MiB' }),
    )
  })

  it('an upload failure without a detail shows the fallback text', async () => {
    const { state } = await failed({ upload: () => Promise.reject(new ApiError(null, null)) })
    expect(state().context.error).toBe(UPLOAD_ERROR)
  })

  it('upload.start after a failure retries with the same PNG', async () => {
    let attempts = 0
    const { actor, state, upload, exportCrop } = await failed({
      upload: async () => {
        attempts += 1
        if (attempts === 1) throw new ApiError(500, null)
        return { ok: true }
      },
    })
    actor.send({ type: 'upload.start' })
    expect(where(state())).toBe('active.uploading')
    expect(state().context.error).toBeNull()
    await waitFor(actor, (s) => s.matches('done'))
    expect(upload).toHaveBeenCalledTimes(2)
    expect(upload).toHaveBeenLastCalledWith(PNG)
    expect(exportCrop).toHaveBeenCalledTimes(1)
  })

  it('changing the crop after a failure discards the PNG and goes back to cropping', async () => {
    const { actor, state } = await failed()
    actor.send({ type: 'crop.change', area: { x: 0, y: 0, width: 100, height: 100 } })
    expect(where(state())).toBe('active.cropping')
    expect(state().context.dataUrl).toBeNull()
    expect(state().context.error).toBeNull()
  })

  it('zooming after a failure goes back to cropping', async () => {
    const { actor, state } = await failed()
    actor.send({ type: 'zoom.change', zoom: 2 })
    expect(where(state())).toBe('active.cropping')
    expect(state().context.zoom).toBe(2)
    expect(state().context.dataUrl).toBeNull()
  })

  it('crop.redo and crop.remove work after a failure', async () => {
    const redo = await failed()
    redo.actor.send({ type: 'crop.redo' })
    expect(where(redo.state())).toBe('active.cropping')
    const remove = await failed()
    remove.actor.send({ type: 'crop.remove' })
    expect(where(remove.state())).toBe('idle')
  })

  it('ignores a picked file and crop changes while uploading', async () => {
    const call = deferred<unknown>()
    const { actor, state } = await cropped({ upload: () => call.promise })
    actor.send({ type: 'upload.start' })
    const area = state().context.area
    actor.send({ type: 'file.pick', file: file('other.png') })
    actor.send({ type: 'crop.change', area: { x: 0, y: 0, width: 1, height: 1 } })
    expect(where(state())).toBe('active.uploading')
    expect(state().context.area).toEqual(area)
  })

  it('a file can be picked again once done', async () => {
    const { actor, state } = await cropped()
    actor.send({ type: 'upload.start' })
    await waitFor(actor, (s) => s.matches('done'))
    actor.send({ type: 'file.pick', file: file('next.png') })
    await waitFor(actor, (s) => s.matches({ active: 'cropping' }))
    expect(state().context.file?.name).toBe('next.png')
  })
})

describe('crop machine: crop.cancel from any state', () => {
  const expectCancelled = (flow: CropRun) => {
    flow.actor.send({ type: 'crop.cancel' })
    expect(where(flow.state())).toBe('idle')
    expect(flow.state().hasTag('active')).toBe(false)
    expect(flow.state().context).toMatchObject({
      file: null,
      image: null,
      area: null,
      dataUrl: null,
      error: null,
      zoom: 1,
    })
  }

  it('from idle', () => {
    expectCancelled(start())
  })

  it('from loading, ignoring the late read', async () => {
    const read = deferred<LoadedImage>()
    const flow = start({ readFile: () => read.promise })
    flow.actor.send({ type: 'file.pick', file: file() })
    expectCancelled(flow)
    read.resolve(IMAGE)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(where(flow.state())).toBe('idle')
    expect(flow.state().context.image).toBeNull()
  })

  it('from cropping, freeing the image', async () => {
    const flow = await cropping()
    flow.actor.send({ type: 'zoom.change', zoom: 2 })
    expectCancelled(flow)
    expect(flow.releaseImage).toHaveBeenCalledWith(IMAGE.src)
  })

  it('from exporting, ignoring the late export', async () => {
    const exported = deferred<string>()
    const flow = await cropping({ exportCrop: () => exported.promise })
    flow.actor.send({ type: 'crop.apply' })
    expectCancelled(flow)
    exported.resolve(PNG)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(where(flow.state())).toBe('idle')
    expect(flow.state().context.dataUrl).toBeNull()
  })

  it('from cropped', async () => {
    expectCancelled(await cropped())
  })

  it('from uploading: the late upload result is never applied', async () => {
    const call = deferred<unknown>()
    const flow = await cropped({ upload: () => call.promise })
    flow.actor.send({ type: 'upload.start' })
    expect(where(flow.state())).toBe('active.uploading')
    expectCancelled(flow)
    call.resolve({ id: 7 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(where(flow.state())).toBe('idle')
    expect(flow.reportUploaded).not.toHaveBeenCalled()
  })

  it('from uploading: a late failure is not reported either', async () => {
    const call = deferred<unknown>()
    const flow = await cropped({ upload: () => call.promise })
    flow.actor.send({ type: 'upload.start' })
    expectCancelled(flow)
    call.reject(new ApiError(500, 'Too late'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(where(flow.state())).toBe('idle')
    expect(flow.reportFailure).not.toHaveBeenCalled()
  })

  it('from failed', async () => {
    expectCancelled(await failed())
  })

  it('from done', async () => {
    const flow = await cropped()
    flow.actor.send({ type: 'upload.start' })
    await waitFor(flow.actor, (s) => s.matches('done'))
    expectCancelled(flow)
  })
})

describe('crop machine: a picked file and Remove in every state', () => {
  it.each([
    ['cropping', cropping],
    ['failed', failed],
  ])('file.pick while %s frees the image and loads the new file', async (_, reach) => {
    const flow = await reach()
    flow.actor.send({ type: 'file.pick', file: file('other.png') })
    expect(where(flow.state())).toBe('active.loading')
    expect(flow.releaseImage).toHaveBeenCalledWith(IMAGE.src)
    expect(flow.state().context).toMatchObject({ image: null, dataUrl: null, error: null })
    await waitFor(flow.actor, (s) => s.matches({ active: 'cropping' }))
    expect(flow.readFile).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'other.png' }))
  })

  it.each([
    ['crop.apply', 'active.exporting.forPreview', 'active.cropped'],
    ['upload.start', 'active.exporting.forUpload', 'done'],
  ] as const)('file.pick is ignored while %s exports', async (type, busy, after) => {
    const exported = deferred<string>()
    const flow = await cropping({ exportCrop: () => exported.promise })
    flow.actor.send({ type })
    flow.actor.send({ type: 'file.pick', file: file('other.png') })
    expect(where(flow.state())).toBe(busy)
    expect(flow.readFile).toHaveBeenCalledTimes(1)
    expect(flow.releaseImage).not.toHaveBeenCalled()
    exported.resolve(PNG)
    await waitFor(flow.actor, (s) => where(s) === after)
    expect(flow.state().context.file?.name).not.toBe('other.png')
  })

  it('upload.start without a crop area does nothing', async () => {
    const { actor, state, exportCrop, upload } = await cropping()
    actor.send({ type: 'crop.change', area: { x: 0, y: 0, width: 0, height: 0 } })
    sendRefused(actor, { type: 'upload.start' })
    expect(where(state())).toBe('active.cropping')
    expect(exportCrop).not.toHaveBeenCalled()
    expect(upload).not.toHaveBeenCalled()
  })

  it('crop.remove while loading goes back to idle and ignores the late read', async () => {
    const read = deferred<LoadedImage>()
    const { actor, state } = start({ readFile: () => read.promise })
    actor.send({ type: 'file.pick', file: file() })
    actor.send({ type: 'crop.remove' })
    expect(where(state())).toBe('idle')
    read.resolve(IMAGE)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(where(state())).toBe('idle')
    expect(state().context.image).toBeNull()
  })

  it.each([
    ['crop.apply', 'active.exporting.forPreview'],
    ['upload.start', 'active.exporting.forUpload'],
  ] as const)('crop.remove after %s, while exporting, drops the late PNG', async (type, busy) => {
    const exported = deferred<string>()
    const flow = await cropping({ exportCrop: () => exported.promise })
    flow.actor.send({ type })
    expect(where(flow.state())).toBe(busy)
    flow.actor.send({ type: 'crop.remove' })
    expect(where(flow.state())).toBe('idle')
    expect(flow.releaseImage).toHaveBeenCalledWith(IMAGE.src)
    exported.resolve(PNG)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(flow.state().context.dataUrl).toBeNull()
    expect(flow.upload).not.toHaveBeenCalled()
  })

  it('crop.cancel while exporting for an upload uploads nothing', async () => {
    const exported = deferred<string>()
    const flow = await cropping({ exportCrop: () => exported.promise })
    flow.actor.send({ type: 'upload.start' })
    flow.actor.send({ type: 'crop.cancel' })
    expect(where(flow.state())).toBe('idle')
    exported.resolve(PNG)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(flow.upload).not.toHaveBeenCalled()
    expect(where(flow.state())).toBe('idle')
  })

  it('crop.remove while uploading stops the upload: its answer is never applied', async () => {
    const call = deferred<unknown>()
    const flow = await cropped({ upload: () => call.promise })
    flow.actor.send({ type: 'upload.start' })
    flow.actor.send({ type: 'crop.remove' })
    expect(where(flow.state())).toBe('idle')
    expect(flow.releaseImage).toHaveBeenCalledWith(IMAGE.src)
    call.resolve({ id: 7 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(flow.reportUploaded).not.toHaveBeenCalled()
  })
})

/** Every effect settled by the path's steps; the image effects release nothing real. */
function startForPaths() {
  const readFile = settledByHand<LoadedImage, { file: File }>()
  const exportCrop = settledByHand<string, ExportRequest>()
  const upload = settledByHand<unknown, { dataUrl: string }>()
  const logic = cropMachine.provide({
    actors: { readFile: readFile.logic, exportCrop: exportCrop.logic, upload: upload.logic },
  })
  return { actor: startMachine(logic, photoCrop), effects: { readFile, exportCrop, upload } }
}

describeShortestPaths('crop machine: shortest paths to every state', cropMachine, {
  input: photoCrop,
  events: [
    { type: 'file.pick', file: file() },
    { type: 'xstate.done.actor.readFile', output: IMAGE },
    { type: 'xstate.error.actor.readFile', error: new Error('Unreadable') },
    { type: 'crop.change', area: { x: 0, y: 0, width: 100, height: 100 } },
    { type: 'zoom.change', zoom: 2 },
    { type: 'crop.apply' },
    { type: 'upload.start' },
    { type: 'xstate.done.actor.exportCrop', output: PNG },
    { type: 'xstate.error.actor.exportCrop', error: new Error('Canvas not supported') },
    { type: 'crop.redo' },
    { type: 'crop.remove' },
    { type: 'crop.cancel' },
    { type: 'xstate.done.actor.upload', output: { id: 7 } },
    { type: 'xstate.error.actor.upload', error: new ApiError(500, null) },
  ],
  start: startForPaths,
})

describeEdgeCoverage(cropMachine)
