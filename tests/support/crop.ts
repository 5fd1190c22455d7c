// The crop machine's test helpers: start it with fakes (each effect a `vi.fn` the test can
// inspect), or reach a state first — `cropping()`, `cropped()`, `failed()` — instead of
// replaying the steps in each test. Used by tests/machines/crop-machine.test.ts and the guard
// coverage proof; see docs/testing.md.
import { vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { photoCrop } from '../../src/lib/crop-presets'
import {
  type CropSettings,
  cropMachine,
  type ExportRequest,
  type LoadedImage,
} from '../../src/machines/crop-machine'
import { startMachine } from './machines'

export const UPLOAD_ERROR = 'Error uploading image. Please try again.'
export const IMAGE: LoadedImage = { src: 'blob:picked-1', width: 4000, height: 3000 }
export const PNG = 'data:image/png;base64,iVBORw0KGgo='
export const pickedFile = (name = 'me.png') => new File(['png bytes'], name, { type: 'image/png' })

export interface CropFakes {
  readFile?: (file: File) => Promise<LoadedImage>
  exportCrop?: (request: ExportRequest) => Promise<string>
  upload?: (dataUrl: string) => Promise<unknown>
}

/**
 * Starts the crop machine (or a copy of it, e.g. with a guard changed) with fakes: the image is
 * read as IMAGE, exported as PNG and uploaded unless the test says otherwise.
 */
export function startCrop(
  fakes: CropFakes = {},
  settings: CropSettings = photoCrop,
  machine: typeof cropMachine = cropMachine,
) {
  const readFile = vi.fn(fakes.readFile ?? (async () => IMAGE))
  const exportCrop = vi.fn(fakes.exportCrop ?? (async () => PNG))
  const upload = vi.fn(fakes.upload ?? (async () => ({ ok: true })))
  const releaseImage = vi.fn()
  const reportFailure = vi.fn()
  const reportUploaded = vi.fn()
  const logic = machine.provide({
    actors: {
      readFile: fromPromise<LoadedImage, { file: File }>(({ input }) => readFile(input.file)),
      exportCrop: fromPromise<string, ExportRequest>(({ input }) => exportCrop(input)),
      upload: fromPromise<unknown, { dataUrl: string }>(({ input }) => upload(input.dataUrl)),
    },
    actions: {
      releaseImage: (_, params) => releaseImage(params.src),
      reportFailure: (_, params) => reportFailure(params),
      reportUploaded: (_, params) => reportUploaded(params.result),
    },
  })
  const actor = startMachine(logic, settings)
  const state = () => actor.getSnapshot()
  return { actor, state, readFile, exportCrop, upload, releaseImage, reportFailure, reportUploaded }
}

export type CropRun = ReturnType<typeof startCrop>

/** Picks a file and waits until the image is ready to crop (`active.cropping`). */
export async function cropping(
  fakes: CropFakes = {},
  settings?: CropSettings,
  machine?: typeof cropMachine,
) {
  const flow = startCrop(fakes, settings, machine)
  flow.actor.send({ type: 'file.pick', file: pickedFile() })
  await waitFor(flow.actor, (s) => s.matches({ active: 'cropping' }))
  return flow
}

/** Crops the image and waits for its PNG (`active.cropped`). */
export async function cropped(fakes: CropFakes = {}, machine?: typeof cropMachine) {
  const flow = await cropping(fakes, undefined, machine)
  flow.actor.send({ type: 'crop.apply' })
  await waitFor(flow.actor, (s) => s.matches({ active: 'cropped' }))
  return flow
}

/** Uploads the cropped PNG and waits for the upload to fail (`active.failed`). */
export async function failed(fakes: CropFakes = {}, machine?: typeof cropMachine) {
  const flow = await cropped(
    { upload: () => Promise.reject(new Error('offline')), ...fakes },
    machine,
  )
  flow.actor.send({ type: 'upload.start' })
  await waitFor(flow.actor, (s) => s.matches({ active: 'failed' }))
  return flow
}
