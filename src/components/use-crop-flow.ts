// Runs the crop machine with the real effects: the browser reads and exports images, the
// caller's `upload` sends the PNG, failures become Error toasts. Tests replace the browser
// effects (jsdom has no canvas) through `effects`.
import { useActorRef } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { type Actor, fromPromise } from 'xstate'
import { isApiError } from '../lib/api-client'
import { exportCrop, readImageFile, releaseImage } from '../lib/crop-image'
import {
  type CropSettings,
  cropMachine,
  type ExportRequest,
  type LoadedImage,
} from '../machines/crop-machine'
import { notify } from './messages'

export type CropFlow = Actor<typeof cropMachine>

export interface CropEffects {
  readFile: (file: File) => Promise<LoadedImage>
  exportCrop: (request: ExportRequest) => Promise<string>
  releaseImage: (src: string) => void
}

export interface CropFlowOptions {
  settings: CropSettings
  /** Sends the exported PNG (a data URL); flows that submit the crop with a form omit it. */
  upload?: (pngDataUrl: string) => Promise<unknown>
  onUploaded?: (result: unknown) => void
  effects?: Partial<CropEffects>
}

const browserEffects: CropEffects = { readFile: readImageFile, exportCrop, releaseImage }

export function useCropFlow(options: CropFlowOptions): CropFlow {
  // The machine is created once; the latest callbacks are read through a ref.
  const latest = useRef(options)
  latest.current = options
  const effect = <K extends keyof CropEffects>(key: K): CropEffects[K] =>
    latest.current.effects?.[key] ?? browserEffects[key]

  const flow = useActorRef(
    cropMachine.provide({
      actors: {
        readFile: fromPromise<LoadedImage, { file: File }>(({ input }) =>
          effect('readFile')(input.file),
        ),
        exportCrop: fromPromise<string, ExportRequest>(({ input }) => effect('exportCrop')(input)),
        upload: fromPromise<unknown, { dataUrl: string }>(({ input }) => {
          const upload = latest.current.upload
          if (!upload) return Promise.reject(new Error('This crop has nowhere to be uploaded'))
          return upload(input.dataUrl)
        }),
      },
      actions: {
        releaseImage: (_, params) => {
          if (params.src) effect('releaseImage')(params.src)
        },
        reportFailure: (_, params) => {
          // A 401 is already on its way to /login; there is nothing to tell the operator here.
          if (isApiError(params.error) && params.error.status === 401) return
          notify.error(params.message)
        },
        reportUploaded: (_, params) => latest.current.onUploaded?.(params.result),
      },
    }),
    { input: options.settings },
  )

  // Leaving the page mid-crop still frees the picked image.
  useEffect(
    () => () => {
      const src = flow.getSnapshot().context.image?.src
      if (src) (latest.current.effects?.releaseImage ?? releaseImage)(src)
    },
    [flow],
  )

  return flow
}
