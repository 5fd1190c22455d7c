// The crop machine's types and named implementations (crop-machine.ts holds its states): the
// effects the app provides (`readFile`, `exportCrop`, `upload`, `releaseImage`, `reportFailure`,
// `reportUploaded`) as placeholders, and the context updates the machine makes itself.
import { assign, fromPromise, setup } from 'xstate'
import { clampZoom, hasSize, rezoomArea } from '../lib/crop-geometry'
import {
  type CropContext,
  type CropEvent,
  type CropSettings,
  cleared,
  type ExportRequest,
  type Failure,
  type LoadedImage,
} from './crop-flow'

export const cropSetup = setup({
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
    hasPng: ({ context }) => context.dataUrl !== null,
  },
  actions: {
    /** Frees the picked image (an object URL) once the flow lets go of it. */
    releaseImage: (_, _params: { src: string | null }) => {},
    reportFailure: (_, _params: Failure) => {},
    reportUploaded: (_, _params: { result: unknown }) => {},
    /** Forgets the file, the crop and the PNG (the image itself is released on leaving). */
    reset: assign(({ context }) => cleared(context.settings)),
    keepError: assign((_, params: Failure) => ({ error: params.message })),
    clearError: assign({ error: null }),
    startExport: assign({ error: null, dataUrl: null }),
    applyZoom: assign(({ context }, params: { zoom: number }) => {
      const { minZoom, maxZoom } = context.settings
      const zoom = clampZoom(params.zoom, minZoom, maxZoom)
      const { image, area } = context
      if (!image || !area) return { zoom }
      return { zoom, area: rezoomArea(area, image, context.zoom, zoom) }
    }),
  },
})
