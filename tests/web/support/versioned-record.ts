// One record served with an ETag that changes on every write, as the real server does: a PUT
// whose If-Match is stale is refused with 412 and changes nothing. For the edit screens'
// concurrency tests (stale-record, record-changed).
import { HttpResponse, http } from 'msw'
import { apiUrl } from '../msw/handlers'
import { server } from '../msw/server'

export type Json = Record<string, unknown>

/** The 412's detail, as the reference server words it. */
export const STALE = 'This record was changed by someone else since you opened it.'

export function versionedRecord(path: string, initial: Json, staleAnswer?: () => Response) {
  let record = initial
  let version = 1
  const etag = () => `"v${version}"`
  const ifMatches: Array<string | null> = []
  const bodies: Json[] = []
  let gets = 0
  server.use(
    http.get(apiUrl(path), () => {
      gets += 1
      return HttpResponse.json(record, { headers: { ETag: etag() } })
    }),
    http.put(apiUrl(path), async ({ request }) => {
      const ifMatch = request.headers.get('If-Match')
      ifMatches.push(ifMatch)
      if (ifMatch !== null && ifMatch !== etag()) {
        return staleAnswer?.() ?? HttpResponse.json({ detail: STALE }, { status: 412 })
      }
      const body = (await request.json()) as Json
      bodies.push(body)
      record = { ...record, ...body }
      version += 1
      return HttpResponse.json(record)
    }),
  )
  return {
    ifMatches,
    /** The bodies of the saves that were accepted. */
    bodies,
    gets: () => gets,
    /** Another operator saves the record. */
    changeElsewhere(change: Json) {
      record = { ...record, ...change }
      version += 1
    },
  }
}
