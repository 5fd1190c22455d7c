import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/lib/api-client'
import { type CsvExportRequest, csvExportMachine } from '../../src/machines/csv-export-machine'
import {
  callbackByHand,
  describeEdgeCoverage,
  describeShortestPaths,
  startMachine,
  where,
} from '../support/machines'

const REQUEST: CsvExportRequest = { path: '/products', query: { name: 'jol', sort: 'price' } }
const CSV = new Blob(['\uFEFFID,Name\r\n1,Jollof\r\n'], { type: 'text/csv;charset=utf-8' })
const FILE = 'products-2026-11-25.csv'

function start() {
  const download = callbackByHand<CsvExportRequest>()
  const save = vi.fn()
  const reportDone = vi.fn()
  const reportCancelled = vi.fn()
  const reportCutOff = vi.fn()
  const reportFailure = vi.fn()
  const logic = csvExportMachine.provide({
    actors: { download: download.logic },
    actions: {
      save: (_, params) => save(params),
      reportDone: (_, params) => reportDone(params),
      reportCancelled,
      reportCutOff,
      reportFailure: (_, params) => reportFailure(params),
    },
  })
  const actor = startMachine(logic)
  const state = () => actor.getSnapshot()
  return { actor, state, download, save, reportDone, reportCancelled, reportCutOff, reportFailure }
}

/** Starts an export and lets the server answer: the body is being read. */
function reading() {
  const flow = start()
  flow.actor.send({ type: 'export.start', request: REQUEST })
  flow.download.sendBack({ type: 'download.opened' })
  return flow
}

describe('CSV export machine: a whole download', () => {
  it('starts idle, not busy, with nothing counted', () => {
    const { state } = start()
    expect(where(state())).toBe('idle')
    expect(state().hasTag('busy')).toBe(false)
    expect(state().context).toEqual({ request: null, rows: 0, total: null })
  })

  it('export.start requests the list’s export, busy, then reads it counting rows', () => {
    const { actor, state, download } = start()
    actor.send({ type: 'export.start', request: REQUEST })
    expect(where(state())).toBe('running.requesting')
    expect(state().hasTag('busy')).toBe(true)
    expect(download.calls.map((call) => call.input)).toEqual([REQUEST])

    download.sendBack({ type: 'download.opened' })
    expect(where(state())).toBe('running.reading')
    expect(state().context).toMatchObject({ rows: 0, total: null })
    download.sendBack({ type: 'download.progress', rows: 2, total: 5 })
    expect(where(state())).toBe('running.reading')
    expect(state().context).toMatchObject({ rows: 2, total: 5 })
  })

  it('download.finished saves the file, reports the rows and is idle again', () => {
    const { state, download, save, reportDone, reportCutOff } = reading()
    download.sendBack({ type: 'download.finished', rows: 5, file: FILE, content: CSV })
    expect(where(state())).toBe('idle')
    expect(state().hasTag('busy')).toBe(false)
    expect(save).toHaveBeenCalledWith({ file: FILE, content: CSV })
    expect(reportDone).toHaveBeenCalledWith({ rows: 5, file: FILE })
    expect(reportCutOff).not.toHaveBeenCalled()
  })

  it('a second export starts from nothing', () => {
    const { actor, state, download } = reading()
    download.sendBack({ type: 'download.progress', rows: 5, total: 5 })
    download.sendBack({ type: 'download.finished', rows: 5, file: FILE, content: CSV })
    actor.send({ type: 'export.start', request: { path: '/providers', query: {} } })
    expect(state().context).toMatchObject({ rows: 0, total: null })
    expect(download.calls).toHaveLength(2)
  })
})

describe('CSV export machine: cancelled, failed, cut off', () => {
  it('export.cancel while requesting stops the download and reports it, saving nothing', () => {
    const { actor, state, download, save, reportCancelled } = start()
    actor.send({ type: 'export.start', request: REQUEST })
    actor.send({ type: 'export.cancel' })
    expect(where(state())).toBe('idle')
    expect(download.stopped()).toBe(true)
    expect(reportCancelled).toHaveBeenCalledTimes(1)
    expect(save).not.toHaveBeenCalled()
  })

  it('export.cancel while reading stops it too; the rest arriving changes nothing', () => {
    const { actor, state, download, save, reportDone, reportCancelled } = reading()
    download.sendBack({ type: 'download.progress', rows: 2, total: 5 })
    actor.send({ type: 'export.cancel' })
    expect(where(state())).toBe('idle')
    expect(download.stopped()).toBe(true)
    expect(reportCancelled).toHaveBeenCalledTimes(1)
    // A callback that answers after it was stopped is not heard.
    download.sendBack({ type: 'download.finished', rows: 5, file: FILE, content: CSV })
    expect(save).not.toHaveBeenCalled()
    expect(reportDone).not.toHaveBeenCalled()
  })

  it('a failure before the answer is reported with its error', () => {
    const error = new ApiError(400, 'minPrice must be a number')
    const { actor, state, download, reportFailure, reportCutOff, save } = start()
    actor.send({ type: 'export.start', request: REQUEST })
    download.sendBack({ type: 'download.failed', error })
    expect(where(state())).toBe('idle')
    expect(reportFailure).toHaveBeenCalledWith({ error })
    expect(reportCutOff).not.toHaveBeenCalled()
    expect(save).not.toHaveBeenCalled()
  })

  it('a failure while reading the body is a cut-off export: reported so, nothing saved', () => {
    const { state, download, reportFailure, reportCutOff, save } = reading()
    download.sendBack({ type: 'download.progress', rows: 2, total: 5 })
    download.sendBack({ type: 'download.failed', error: new TypeError('connection reset') })
    expect(where(state())).toBe('idle')
    expect(reportCutOff).toHaveBeenCalledTimes(1)
    expect(reportFailure).not.toHaveBeenCalled()
    expect(save).not.toHaveBeenCalled()
  })
})

describeShortestPaths('CSV export machine: shortest paths to every state', csvExportMachine, {
  events: [
    { type: 'export.start', request: REQUEST },
    { type: 'export.cancel' },
    { type: 'download.opened' },
    { type: 'download.progress', rows: 2, total: 5 },
    { type: 'download.finished', rows: 5, file: FILE, content: CSV },
    { type: 'download.failed', error: new ApiError(500, null) },
  ],
  start: () => {
    const download = callbackByHand<CsvExportRequest>()
    const logic = csvExportMachine.provide({ actors: { download: download.logic } })
    return { actor: startMachine(logic), effects: {} }
  },
})

describeEdgeCoverage(csvExportMachine)
