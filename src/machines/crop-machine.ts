// One flow for every image the operator crops: pick a file, crop and zoom, export a PNG, then
// (photos and logos) upload it. The app provides the effects: `readFile`, `exportCrop`, `upload`
// and the `releaseImage` / `reportFailure` / `reportUploaded` actions; tests pass fakes.
// `cropped` is a resting state for flows that submit the crop with a form instead of uploading.
import { assign, fromPromise, setup } from 'xstate'
import {
  type Area,
  clampZoom,
  hasSize,
  initialArea,
  rezoomArea,
  type Size,
} from '../lib/crop-geometry'
import { failureMessage } from './form-submit-machine'

export interface CropSettings {
  /** Width / height of the crop (1 for photos and logos, 4 / 3 for product images). */
  aspect: number
  minZoom: number
  maxZoom: number
  zoomStep: number
  /** The exported PNG is scaled down to fit within maxWidth × maxHeight. */
  maxWidth: number
  maxHeight: number
  /** Shown when an upload fails and the server sends no detail. */
  uploadError: string
}

/** What `readFile` gives back: a URL the page can show and the image's natural size. */
export interface LoadedImage extends Size {
  src: string
}

export interface ExportRequest {
  src: string
  area: Area
  maxWidth: number
  maxHeight: number
}

export interface CropContext {
  settings: CropSettings
  file: File | null
  image: LoadedImage | null
  /** The crop in pixels of the natural image. */
  area: Area | null
  zoom: number
  /** The exported PNG as a data URL. */
  dataUrl: string | null
  error: string | null
  /** `upload.start` while cropping exports first, then uploads. */
  uploadAfterExport: boolean
}

export type CropEvent =
  | { type: 'file.pick'; file: File }
  | { type: 'crop.change'; area: Area }
  | { type: 'zoom.change'; zoom: number }
  | { type: 'crop.apply' }
  | { type: 'crop.redo' }
  | { type: 'crop.remove' }
  | { type: 'crop.cancel' }
  | { type: 'upload.start' }

/** An export failure names its cause; the spec's cropper text when it does not. */
const exportFailure = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Canvas not supported'
const readFailure = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'This file could not be read.'

const startZoom = (settings: CropSettings) => clampZoom(1, settings.minZoom, settings.maxZoom)

const cleared = (settings: CropSettings) => ({
  file: null,
  image: null,
  area: null,
  zoom: startZoom(settings),
  dataUrl: null,
  error: null,
  uploadAfterExport: false,
})

const imageSrc = ({ context }: { context: CropContext }) => ({ src: context.image?.src ?? null })

export const cropMachine = setup({
  types: {
    context: {} as CropContext,
    events: {} as CropEvent,
    input: {} as CropSettings,
  },
  actors: {
    readFile: fromPromise<LoadedImage, { file: File }>(async () => {
      throw new Error('The readFile actor must be provided')
    }),
    exportCrop: fromPromise<string, ExportRequest>(async () => {
      throw new Error('The exportCrop actor must be provided')
    }),
    upload: fromPromise<unknown, { dataUrl: string }>(async () => {
      throw new Error('The upload actor must be provided')
    }),
  },
  guards: {
    hasArea: ({ context }) => hasSize(context.area),
    uploadAfterExport: ({ context }) => context.uploadAfterExport,
  },
  actions: {
    /** Frees the picked image (an object URL) once the flow lets go of it. */
    releaseImage: (_, _params: { src: string | null }) => {},
    reportFailure: (_, _params: { message: string; error: unknown }) => {},
    reportUploaded: (_, _params: { result: unknown }) => {},
    reset: assign(({ context }) => cleared(context.settings)),
    applyZoom: assign(({ context }, params: { zoom: number }) => {
      const { minZoom, maxZoom } = context.settings
      const zoom = clampZoom(params.zoom, minZoom, maxZoom)
      const { image, area } = context
      if (!image || !area) return { zoom }
      return { zoom, area: rezoomArea(area, image, context.zoom, zoom) }
    }),
  },
}).createMachine({
  id: 'crop',
  context: ({ input }) => ({ settings: input, ...cleared(input) }),
  initial: 'idle',
  on: {
    'file.pick': {
      target: '.loading',
      actions: [
        { type: 'releaseImage', params: imageSrc },
        'reset',
        assign({ file: ({ event }) => event.file }),
      ],
    },
    'crop.cancel': {
      target: '.idle',
      actions: [{ type: 'releaseImage', params: imageSrc }, 'reset'],
    },
  },
  states: {
    idle: {},
    loading: {
      tags: ['active', 'loading'],
      invoke: {
        src: 'readFile',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: {
          target: 'cropping',
          actions: assign(({ context, event }) => ({
            image: event.output,
            area: initialArea(event.output, context.settings.aspect, context.zoom),
          })),
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              ...cleared(context.settings),
              error: readFailure(event.error),
            })),
            {
              type: 'reportFailure',
              params: ({ event }) => ({ message: readFailure(event.error), error: event.error }),
            },
          ],
        },
      },
    },
    cropping: {
      tags: ['active', 'editing'],
      on: {
        'crop.change': { actions: assign({ area: ({ event }) => event.area }) },
        'zoom.change': { actions: { type: 'applyZoom', params: ({ event }) => event } },
        'crop.apply': {
          guard: 'hasArea',
          target: 'exporting',
          actions: assign({ uploadAfterExport: false, error: null }),
        },
        'upload.start': {
          guard: 'hasArea',
          target: 'exporting',
          actions: assign({ uploadAfterExport: true, error: null }),
        },
        'crop.remove': {
          target: 'idle',
          actions: [{ type: 'releaseImage', params: imageSrc }, 'reset'],
        },
      },
    },
    exporting: {
      tags: ['active', 'busy', 'exporting'],
      // A picked file cannot replace the image while its crop is being drawn.
      on: { 'file.pick': {} },
      invoke: {
        src: 'exportCrop',
        input: ({ context }) => ({
          src: context.image?.src ?? '',
          area: context.area as Area,
          maxWidth: context.settings.maxWidth,
          maxHeight: context.settings.maxHeight,
        }),
        onDone: [
          {
            guard: 'uploadAfterExport',
            target: 'uploading',
            actions: assign({ dataUrl: ({ event }) => event.output }),
          },
          { target: 'cropped', actions: assign({ dataUrl: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'cropping',
          actions: [
            assign({ error: ({ event }) => exportFailure(event.error), uploadAfterExport: false }),
            {
              type: 'reportFailure',
              params: ({ event }) => ({ message: exportFailure(event.error), error: event.error }),
            },
          ],
        },
      },
    },
    cropped: {
      tags: ['active', 'cropped'],
      on: {
        'crop.redo': { target: 'cropping', actions: assign({ dataUrl: null }) },
        'crop.remove': {
          target: 'idle',
          actions: [{ type: 'releaseImage', params: imageSrc }, 'reset'],
        },
        'upload.start': 'uploading',
      },
    },
    uploading: {
      tags: ['active', 'busy', 'uploading'],
      on: { 'file.pick': {} },
      // Leaving this state (cancel) stops the actor, so a late answer is never applied.
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ dataUrl: context.dataUrl ?? '' }),
        onDone: {
          target: 'done',
          actions: { type: 'reportUploaded', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            assign({
              error: ({ context, event }) =>
                failureMessage(event.error, context.settings.uploadError),
            }),
            {
              type: 'reportFailure',
              params: ({ context, event }) => ({
                message: failureMessage(event.error, context.settings.uploadError),
                error: event.error,
              }),
            },
          ],
        },
      },
    },
    failed: {
      tags: ['active', 'editing', 'failed'],
      on: {
        // Retry sends the same PNG again; touching the crop discards it.
        'upload.start': { target: 'uploading', actions: assign({ error: null }) },
        'crop.change': {
          target: 'cropping',
          actions: assign({ area: ({ event }) => event.area, dataUrl: null, error: null }),
        },
        'zoom.change': {
          target: 'cropping',
          actions: [
            assign({ dataUrl: null, error: null }),
            { type: 'applyZoom', params: ({ event }) => event },
          ],
        },
        'crop.redo': { target: 'cropping', actions: assign({ dataUrl: null, error: null }) },
        'crop.remove': {
          target: 'idle',
          actions: [{ type: 'releaseImage', params: imageSrc }, 'reset'],
        },
      },
    },
    done: {
      tags: ['uploaded'],
      // The upload is reported; the picked image is no longer needed.
      entry: [{ type: 'releaseImage', params: imageSrc }, 'reset'],
    },
  },
})
