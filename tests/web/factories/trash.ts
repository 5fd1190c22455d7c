// The trash of every collection (decision 022) in memory: its list (paged), restore (one, or in
// bulk through `<path>/trash/bulk`), and delete for good. By default every trash is empty; a
// test serves one with `server.use(...trashHandlers('/products', trash))` and reads `trash.calls`
// and `trash.records` afterwards. A record whose id is in `refusals` cannot stand: its restore
// answers 409 with that reason, as the server does when its parent is gone.
import { HttpResponse, http } from 'msw'
import type { TrashedRecord } from '../../../src/components/trash-target'
import { apiUrl, pagedAnswer } from '../msw/handlers-support'

export const TRASH_COLLECTIONS = [
  '/service-provider-categories',
  '/product-categories',
  '/service-providers',
  '/products',
] as const

export interface TrashFixture {
  records: TrashedRecord[]
  /** id → the 409 detail its restore answers. */
  refusals?: Record<number, string>
  /** Every write, e.g. `POST /products/5/restore`, `POST /products/trash/bulk restore 5,7`. */
  calls?: string[]
}

/** A record as the trash lists it: `fields` as GET showed them, deleted by `admin`. */
export function buildTrashed(
  fields: { id: number } & Record<string, unknown>,
  deleted: Partial<Pick<TrashedRecord, 'deletedAt' | 'deletedBy'>> = {},
): TrashedRecord {
  return {
    deletedAt: '2026-11-26T09:30:00.000Z',
    deletedBy: { id: 1, username: 'admin' },
    ...fields,
    ...deleted,
  }
}

/** The trash of the collection at `path` (e.g. `/products`), an empty one unless given. */
export function trashHandlers(path: string, trash: TrashFixture = { records: [] }) {
  trash.calls ??= []
  const calls = trash.calls
  const refusals = trash.refusals ?? {}
  const notInTrash = () => HttpResponse.json({ detail: 'Not found in the trash' }, { status: 404 })
  /** Takes the record out of the trash; the reason it cannot stand, or null when it is gone. */
  const restore = (id: number): { refused: string } | { record: TrashedRecord } | null => {
    const record = trash.records.find((r) => r.id === id)
    if (!record) return null
    if (refusals[id]) return { refused: refusals[id] }
    trash.records = trash.records.filter((r) => r !== record)
    return { record }
  }
  return [
    http.get(apiUrl(`${path}/trash`), ({ request }) => {
      return HttpResponse.json(pagedAnswer(trash.records, new URL(request.url).searchParams))
    }),
    http.post(apiUrl(`${path}/:id/restore`), ({ params }) => {
      calls.push(`POST ${path}/${params.id}/restore`)
      const outcome = restore(Number(params.id))
      if (outcome === null) return notInTrash()
      if ('refused' in outcome)
        return HttpResponse.json({ detail: outcome.refused }, { status: 409 })
      const { deletedAt: _, deletedBy: __, ...record } = outcome.record
      return HttpResponse.json(record)
    }),
    http.post(apiUrl(`${path}/trash/bulk`), async ({ request }) => {
      const body = (await request.json()) as { action: string; ids: number[] }
      calls.push(`POST ${path}/trash/bulk ${body.action} ${body.ids.join(',')}`)
      const done: number[] = []
      const refused: Array<{ id: number; detail: string }> = []
      for (const id of body.ids) {
        const outcome = restore(id)
        if (outcome === null) refused.push({ id, detail: 'Not found in the trash' })
        else if ('refused' in outcome) refused.push({ id, detail: outcome.refused })
        else done.push(id)
      }
      return HttpResponse.json({ done, refused })
    }),
    http.delete(apiUrl(`${path}/trash/:id`), ({ params }) => {
      calls.push(`DELETE ${path}/trash/${params.id}`)
      const before = trash.records.length
      trash.records = trash.records.filter((r) => r.id !== Number(params.id))
      return trash.records.length < before ? new HttpResponse(null, { status: 204 }) : notInTrash()
    }),
  ]
}

/** Every collection's trash, empty: the default handlers (before the records' `/:id` ones). */
export const emptyTrashHandlers = () => TRASH_COLLECTIONS.flatMap((path) => trashHandlers(path))
