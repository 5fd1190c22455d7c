import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/lib/api-client'
import {
  type CsvImportAnswer,
  type CsvImportUpload,
  csvImportMachine,
} from '../../src/machines/csv-import-machine'
import {
  callbackByHand,
  describeEdgeCoverage,
  describeShortestPaths,
  sendRefused,
  startMachine,
  where,
} from '../support/machines'

const FILE = new File(['ID,Name\r\n,Jollof\r\n4,Suya\r\n'], 'products.csv', { type: 'text/csv' })
const OTHER = new File(['ID,Name\r\n,Akara\r\n'], 'fixed.csv', { type: 'text/csv' })

const answer = (overrides: Partial<CsvImportAnswer> = {}): CsvImportAnswer => ({
  created: 1,
  updated: 1,
  unchanged: 0,
  errors: [],
  batchId: null,
  rows: [
    { row: 2, status: 'create', id: null, name: 'Jollof' },
    { row: 3, status: 'update', id: 4, name: 'Suya' },
  ],
  ...overrides,
})
const CLEAN = answer()
const WITH_ERRORS = answer({
  created: 1,
  updated: 0,
  errors: [{ row: 3, column: 'Price (₦)', detail: 'price must be >= 0' }],
})
const NOTHING_TO_DO = answer({ created: 0, updated: 0, unchanged: 2 })
const IMPORTED = answer({ batchId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' })

function start() {
  const upload = callbackByHand<CsvImportUpload>()
  const downloadTemplate = vi.fn()
  const saveFailingRows = vi.fn()
  const reportDone = vi.fn()
  const reportRefused = vi.fn()
  const logic = csvImportMachine.provide({
    actors: { upload: upload.logic },
    actions: {
      downloadTemplate,
      saveFailingRows: (_, params) => saveFailingRows(params),
      reportDone: (_, params) => reportDone(params),
      reportRefused: (_, params) => reportRefused(params),
    },
  })
  const actor = startMachine(logic)
  const state = () => actor.getSnapshot()
  return { actor, state, upload, downloadTemplate, saveFailingRows, reportDone, reportRefused }
}

type Flow = ReturnType<typeof start>

// Each helper reaches a state the way the dialog does, and asserts it got there.
function checking(flow = start()) {
  flow.actor.send({ type: 'file.choose', file: FILE })
  expect(where(flow.state())).toBe('checking.sending')
  return flow
}
function checkingWaiting(flow = checking()) {
  flow.upload.sendBack({ type: 'upload.sent' })
  expect(where(flow.state())).toBe('checking.waiting')
  return flow
}
function previewing(preview = CLEAN, flow = checkingWaiting()) {
  flow.upload.sendBack({ type: 'upload.answered', answer: preview, refused: false })
  expect(where(flow.state())).toBe('previewing')
  return flow
}
function importing(preview = CLEAN) {
  const flow = previewing(preview)
  flow.actor.send({ type: 'import.start' })
  expect(where(flow.state())).toBe('importing.sending')
  return flow
}
function writing(preview = CLEAN) {
  const flow = importing(preview)
  flow.upload.sendBack({ type: 'upload.sent' })
  expect(where(flow.state())).toBe('importing.writing')
  return flow
}
function done(preview = CLEAN) {
  const flow = writing(preview)
  flow.upload.sendBack({ type: 'upload.answered', answer: IMPORTED, refused: false })
  expect(where(flow.state())).toBe('done')
  return flow
}
function failed() {
  const flow = checking()
  flow.upload.sendBack({ type: 'upload.failed', error: new ApiError(409, 'Another import runs') })
  expect(where(flow.state())).toBe('failed')
  return flow
}
function cancelled() {
  const flow = checking()
  flow.actor.send({ type: 'import.cancel' })
  expect(where(flow.state())).toBe('cancelled')
  return flow
}

describe('CSV import machine: check, preview, import', () => {
  it('starts choosing a file: nothing sent, not busy', () => {
    const { state, upload } = start()
    expect(where(state())).toBe('choosing')
    expect(state().hasTag('busy')).toBe(false)
    expect(state().context).toEqual({
      file: null,
      preview: null,
      result: null,
      error: null,
      sent: 0,
      total: 0,
    })
    expect(upload.calls).toEqual([])
  })

  it('template.download while choosing downloads the template and stays', () => {
    const { actor, state, downloadTemplate } = start()
    actor.send({ type: 'template.download' })
    expect(where(state())).toBe('choosing')
    expect(downloadTemplate).toHaveBeenCalledTimes(1)
  })

  it('file.choose sends the file as a dry run, busy and cancellable, counting the bytes sent', () => {
    const { state, upload } = checking()
    expect(state().hasTag('busy')).toBe(true)
    expect(state().hasTag('cancellable')).toBe(true)
    expect(state().hasTag('sending')).toBe(true)
    expect(upload.calls.map((call) => call.input)).toEqual([
      { file: FILE, dryRun: true, skipInvalid: false },
    ])
    expect(state().context).toMatchObject({ file: FILE, sent: 0, total: FILE.size })
    upload.sendBack({ type: 'upload.progress', sent: 10, total: FILE.size })
    expect(where(state())).toBe('checking.sending')
    expect(state().context).toMatchObject({ sent: 10, total: FILE.size })
  })

  it('upload.sent: the file is up, the server reads it; still cancellable', () => {
    const { state } = checkingWaiting()
    expect(state().hasTag('sending')).toBe(false)
    expect(state().hasTag('cancellable')).toBe(true)
  })

  it.each([
    ['checking.sending', checking],
    ['checking.waiting', checkingWaiting],
  ] as const)('the answer in %s is previewed: counts, rows, errors', (_, reach) => {
    const flow = reach()
    flow.upload.sendBack({ type: 'upload.answered', answer: WITH_ERRORS, refused: true })
    expect(where(flow.state())).toBe('previewing')
    expect(flow.state().hasTag('busy')).toBe(false)
    expect(flow.state().context.preview).toEqual(WITH_ERRORS)
    expect(flow.upload.stopped()).toBe(true)
  })

  it('import.start sends the file again for real, then upload.sent: the server writes, no cancel', () => {
    const { state, upload } = importing()
    expect(state().hasTag('busy')).toBe(true)
    expect(state().hasTag('cancellable')).toBe(true)
    expect(upload.calls.at(-1)?.input).toEqual({ file: FILE, dryRun: false, skipInvalid: false })
    upload.sendBack({ type: 'upload.progress', sent: 20, total: FILE.size })
    expect(state().context).toMatchObject({ sent: 20 })
    upload.sendBack({ type: 'upload.sent' })
    expect(where(state())).toBe('importing.writing')
    expect(state().hasTag('cancellable')).toBe(false)
  })

  it('with errors in the check, the import skips the refused rows', () => {
    const { upload } = importing(WITH_ERRORS)
    expect(upload.calls.at(-1)?.input).toEqual({ file: FILE, dryRun: false, skipInvalid: true })
  })

  it('import.start is refused when the file would write nothing (all unchanged)', () => {
    const flow = previewing(NOTHING_TO_DO)
    sendRefused(flow.actor, { type: 'import.start' })
    expect(where(flow.state())).toBe('previewing')
    expect(flow.upload.calls).toHaveLength(1)
  })

  it.each([
    ['importing.sending', importing],
    ['importing.writing', writing],
  ] as const)('the answer in %s is done: reported with its counts and batch', (_, reach) => {
    const flow = reach(CLEAN)
    flow.upload.sendBack({ type: 'upload.answered', answer: IMPORTED, refused: false })
    expect(where(flow.state())).toBe('done')
    expect(flow.state().hasTag('busy')).toBe(false)
    expect(flow.state().context.result).toEqual(IMPORTED)
    expect(flow.reportDone).toHaveBeenCalledWith({ answer: IMPORTED })
    expect(flow.reportRefused).not.toHaveBeenCalled()
  })

  it.each([
    ['importing.sending', importing],
    ['importing.writing', writing],
  ] as const)('a refused import in %s goes back to previewing its errors', (_, reach) => {
    const flow = reach(CLEAN)
    flow.upload.sendBack({ type: 'upload.answered', answer: WITH_ERRORS, refused: true })
    expect(where(flow.state())).toBe('previewing')
    expect(flow.state().context.preview).toEqual(WITH_ERRORS)
    expect(flow.reportRefused).toHaveBeenCalledWith({ answer: WITH_ERRORS })
    expect(flow.reportDone).not.toHaveBeenCalled()
  })

  it('errors.download in previewing saves the failing rows of the checked file', () => {
    const flow = previewing(WITH_ERRORS)
    flow.actor.send({ type: 'errors.download' })
    expect(where(flow.state())).toBe('previewing')
    expect(flow.saveFailingRows).toHaveBeenCalledWith({ file: FILE, errors: WITH_ERRORS.errors })
  })

  it('errors.download when done saves the rows the import passed by', () => {
    const flow = writing(WITH_ERRORS)
    const skipped = { ...WITH_ERRORS, batchId: IMPORTED.batchId }
    flow.upload.sendBack({ type: 'upload.answered', answer: skipped, refused: false })
    flow.actor.send({ type: 'errors.download' })
    expect(where(flow.state())).toBe('done')
    expect(flow.saveFailingRows).toHaveBeenCalledWith({ file: FILE, errors: skipped.errors })
  })
})

describe('CSV import machine: cancelled, failed, another file', () => {
  it.each([
    ['checking.sending', checking],
    ['checking.waiting', checkingWaiting],
  ] as const)('import.cancel in %s stops the check', (_, reach) => {
    const flow = reach()
    flow.actor.send({ type: 'import.cancel' })
    expect(where(flow.state())).toBe('cancelled')
    expect(flow.state().hasTag('busy')).toBe(false)
    expect(flow.upload.stopped()).toBe(true)
    // An answer after the stop is not heard.
    flow.upload.sendBack({ type: 'upload.answered', answer: CLEAN, refused: false })
    expect(where(flow.state())).toBe('cancelled')
  })

  it('import.cancel while the import goes up stops it: nothing reported', () => {
    const flow = importing()
    flow.actor.send({ type: 'import.cancel' })
    expect(where(flow.state())).toBe('cancelled')
    expect(flow.upload.stopped()).toBe(true)
    expect(flow.reportDone).not.toHaveBeenCalled()
  })

  it('import.cancel once the server writes changes nothing: its answer still comes', () => {
    const flow = writing()
    flow.actor.send({ type: 'import.cancel' })
    expect(where(flow.state())).toBe('importing.writing')
    expect(flow.upload.stopped()).toBe(false)
  })

  it.each([
    ['checking.sending', checking],
    ['checking.waiting', checkingWaiting],
    ['importing.sending', () => importing()],
    ['importing.writing', () => writing()],
  ] as const)('upload.failed in %s fails, keeping the error', (_, reach) => {
    const flow = reach()
    const error = new ApiError(413, 'The file has more than 100,000 rows')
    flow.upload.sendBack({ type: 'upload.failed', error })
    expect(where(flow.state())).toBe('failed')
    expect(flow.state().hasTag('busy')).toBe(false)
    expect(flow.state().context.error).toBe(error)
  })

  it.each([
    ['failed', failed],
    ['cancelled', cancelled],
  ] as const)('import.retry in %s checks the same file again', (_, reach) => {
    const flow = reach()
    flow.actor.send({ type: 'import.retry' })
    expect(where(flow.state())).toBe('checking.sending')
    expect(flow.upload.calls.at(-1)?.input).toEqual({
      file: FILE,
      dryRun: true,
      skipInvalid: false,
    })
  })

  const resting: Array<[string, () => Flow]> = [
    ['previewing', () => previewing(WITH_ERRORS)],
    ['done', () => done()],
    ['failed', failed],
    ['cancelled', cancelled],
  ]

  it.each(resting)('file.choose in %s checks the new file from nothing', (_, reach) => {
    const flow = reach()
    flow.actor.send({ type: 'file.choose', file: OTHER })
    expect(where(flow.state())).toBe('checking.sending')
    expect(flow.state().context).toEqual({
      file: OTHER,
      preview: null,
      result: null,
      error: null,
      sent: 0,
      total: OTHER.size,
    })
    expect(flow.upload.calls.at(-1)?.input).toEqual({
      file: OTHER,
      dryRun: true,
      skipInvalid: false,
    })
  })

  it.each(resting)('template.download in %s downloads the template and stays', (name, reach) => {
    const flow = reach()
    flow.actor.send({ type: 'template.download' })
    expect(where(flow.state())).toBe(name)
    expect(flow.downloadTemplate).toHaveBeenCalledTimes(1)
  })
})

describeShortestPaths('CSV import machine: shortest paths to every state', csvImportMachine, {
  events: [
    { type: 'file.choose', file: FILE },
    { type: 'template.download' },
    { type: 'import.start' },
    { type: 'import.cancel' },
    { type: 'import.retry' },
    { type: 'errors.download' },
    { type: 'upload.progress', sent: 10, total: FILE.size },
    { type: 'upload.sent' },
    { type: 'upload.answered', answer: CLEAN, refused: false },
    { type: 'upload.failed', error: new ApiError(500, null) },
  ],
  start: () => {
    const upload = callbackByHand<CsvImportUpload>()
    const logic = csvImportMachine.provide({ actors: { upload: upload.logic } })
    return { actor: startMachine(logic), effects: {} }
  },
})

describeEdgeCoverage(csvImportMachine)
