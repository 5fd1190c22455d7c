// One flow for every image the operator crops: pick a file, crop and zoom, export a PNG, then
// (photos and logos) upload it. The app provides the effects named in crop-setup.ts; tests pass
// fakes. `cropped` is a resting state for flows that submit the crop with a form instead.
// Everything between a pick and its end lives in `active`: its tag, Remove, and freeing the
// image on the way out. Where an export goes next is the state it runs in, not a flag.
import { assign } from 'xstate'
import { initialArea } from '../lib/crop-geometry'
import { cleared, exportFailed, exportRequest, readFailed, uploadFailed } from './crop-flow'
import { cropSetup } from './crop-setup'

export type { CropContext, CropEvent, CropSettings, ExportRequest, LoadedImage } from './crop-flow'

export const cropMachine = cropSetup.createMachine({
  id: 'crop',
  context: ({ input }) => ({ settings: input, ...cleared(input) }),
  initial: 'idle',
  on: {
    'file.pick': {
      target: '.active',
      actions: ['reset', assign({ file: ({ event }) => event.file })],
    },
    'crop.cancel': { target: '.idle', actions: 'reset' },
  },
  states: {
    idle: {},
    active: {
      tags: ['active'],
      initial: 'loading',
      exit: {
        type: 'releaseImage',
        params: ({ context }) => ({ src: context.image?.src ?? null }),
      },
      on: { 'crop.remove': { target: 'idle', actions: 'reset' } },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'readFile',
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
              target: '#crop.idle',
              actions: [
                'reset',
                { type: 'keepError', params: readFailed },
                { type: 'reportFailure', params: readFailed },
              ],
            },
          },
        },
        cropping: {
          tags: ['editing'],
          on: {
            'crop.change': { actions: assign({ area: ({ event }) => event.area }) },
            'zoom.change': { actions: { type: 'applyZoom', params: ({ event }) => event } },
            'crop.apply': {
              guard: 'hasArea',
              target: 'exporting.forPreview',
              actions: 'startExport',
            },
            'upload.start': {
              guard: 'hasArea',
              target: 'exporting.forUpload',
              actions: 'startExport',
            },
          },
        },
        exporting: {
          tags: ['busy', 'exporting'],
          // A picked file cannot replace the image while its crop is being drawn.
          on: { 'file.pick': {} },
          invoke: {
            id: 'exportCrop',
            src: 'exportCrop',
            input: ({ context }) => exportRequest(context),
            onDone: { actions: assign({ dataUrl: ({ event }) => event.output }) },
            onError: {
              target: 'cropping',
              actions: [
                { type: 'keepError', params: exportFailed },
                { type: 'reportFailure', params: exportFailed },
              ],
            },
          },
          // Once the PNG exists, the state the export was started in says where it goes.
          initial: 'forPreview',
          states: {
            forPreview: { always: { guard: 'hasPng', target: '#crop.active.cropped' } },
            forUpload: { always: { guard: 'hasPng', target: '#crop.active.uploading' } },
          },
        },
        cropped: {
          tags: ['cropped'],
          on: {
            'crop.redo': { target: 'cropping', actions: assign({ dataUrl: null }) },
            'upload.start': 'uploading',
          },
        },
        uploading: {
          tags: ['busy', 'uploading'],
          on: { 'file.pick': {} },
          // Leaving this state (cancel, remove) stops the actor: a late answer is never applied.
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({ dataUrl: context.dataUrl ?? '' }),
            onDone: {
              target: '#crop.done',
              actions: {
                type: 'reportUploaded',
                params: ({ event }) => ({ result: event.output }),
              },
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'keepError', params: uploadFailed },
                { type: 'reportFailure', params: uploadFailed },
              ],
            },
          },
        },
        failed: {
          tags: ['editing', 'failed'],
          on: {
            // Retry sends the same PNG again; touching the crop discards it.
            'upload.start': { target: 'uploading', actions: 'clearError' },
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
          },
        },
      },
    },
    // The upload is reported and the image released on leaving `active`.
    done: { tags: ['uploaded'], entry: 'reset' },
  },
})
