import { describe, expect, it } from 'vitest'
import { parsePresence, presenceKey } from '../../../src/lib/presence'
import { pathKey } from '../../../src/lib/query-client'

// Presence events (decision 025): the stream's `event: presence` names a record as the live
// changes do, and refreshes the edit page's heartbeat, which is keyed by the record's API path.

describe('presence events', () => {
  it('name the query of the edit page that has the record open', () => {
    expect(presenceKey({ collection: 'service-provider-categories', id: 12 })).toEqual(
      pathKey('/service-provider-categories/12/presence'),
    )
  })

  it('are read from the data line; anything else is nothing', () => {
    expect(parsePresence('{"collection":"products","id":7}')).toEqual({
      collection: 'products',
      id: 7,
    })
    expect(parsePresence('not json')).toBeUndefined()
    expect(parsePresence('{"collection":"products","id":"7"}')).toBeUndefined()
    expect(parsePresence('null')).toBeUndefined()
  })
})
