// What the crop machine (crop-machine.ts) works with: the settings of a crop, its context and
// events, and the plain functions that build its context. No XState here.
import { type Area, clampZoom, type Size } from '../lib/crop-geometry'
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

/** A failure to show and report: its text and what caused it. */
export interface Failure {
  message: string
  error: unknown
}

interface FailedEffect {
  context: CropContext
  event: { error: unknown }
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback

/** A file that cannot be read names its cause, else a plain sentence. */
export const readFailed = ({ event }: FailedEffect): Failure => ({
  message: messageOf(event.error, 'This file could not be read.'),
  error: event.error,
})

/** An export failure names its cause; the spec's cropper text when it does not. */
export const exportFailed = ({ event }: FailedEffect): Failure => ({
  message: messageOf(event.error, 'Canvas not supported'),
  error: event.error,
})

/** An upload failure shows the server's detail, else the settings' text. */
export const uploadFailed = ({ context, event }: FailedEffect): Failure => ({
  message: failureMessage(event.error, context.settings.uploadError),
  error: event.error,
})

/** The context of a flow holding nothing: no file, no crop, zoom 1 (within the settings). */
export const cleared = (settings: CropSettings) => ({
  file: null,
  image: null,
  area: null,
  zoom: clampZoom(1, settings.minZoom, settings.maxZoom),
  dataUrl: null,
  error: null,
})

/** The export of the current crop at the settings' maximum size. */
export const exportRequest = (context: CropContext): ExportRequest => ({
  src: context.image?.src ?? '',
  area: context.area ?? { x: 0, y: 0, width: 0, height: 0 },
  maxWidth: context.settings.maxWidth,
  maxHeight: context.settings.maxHeight,
})
