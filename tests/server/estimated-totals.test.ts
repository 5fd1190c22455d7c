import { expect, test } from 'vitest'
import { forgetReadCaches, waitForRecounts } from '../../server/lib/read-cache'
import { SAMPLE_ROWS } from '../../server/lists/list-engine'
import { describeEachDatabase, uniqueName } from './support/databases'
import { insertCopies, productApi } from './support/products'

// A list's total never counted, on a list bigger than the sample, whose count is slow: its first
// page is answered at once with the total estimated from the newest rows, said not exact, and
// found by walking; the exact count replaces it when it arrives (decision 032). The wait for a
// count is 0 here, so every such count is "slow"; otherwise it is 20 ms.

describeEachDatabase('a total never counted, on a list bigger than the sample', (suite) => {
  test('is estimated from the newest rows while it is counted; the rows are the exact page', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const api = productApi(app, token)
    const providerId = await api.provider()
    const { id } = await api.create(providerId)
    const tag = uniqueName('sampled')
    // Older rows that never match "hit", then the sample's rows, every fourth of which does: the
    // sample holds every match (a quarter of it), the list a sixth of its rows.
    const older = SAMPLE_ROWS / 2
    const names = [
      ...Array.from({ length: older }, (_, i) => `${tag} old ${i}`),
      ...Array.from(
        { length: SAMPLE_ROWS },
        (_, i) => `${tag} ${i % 4 === 0 ? 'hit' : 'miss'} ${i}`,
      ),
    ]
    await insertCopies(suite.db, id, names.length, (i) => names[i])
    forgetReadCaches(suite.db)
    const everything = names.length + 1
    const matches = SAMPLE_ROWS / 4
    const newestHits = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `${tag} hit ${SAMPLE_ROWS - 4 - 4 * (from + i)}`)

    waitForRecounts(suite.db, 0)
    const page = async (query: Record<string, string>) => {
      const response = await api.list({ name: `${tag} hit`, pageSize: '30', ...query })
      expect(response.statusCode, response.body).toBe(200)
      return response.json()
    }
    const first = await page({})
    expect(first.pagination).toMatchObject({
      total: Math.round((matches * everything) / SAMPLE_ROWS),
      totalExact: false,
      hasNext: true,
    })
    expect(first.data.map((product: { name: string }) => product.name)).toEqual(newestHits(0, 30))
    // The next page, while the count may still be under way: the rows are still exact.
    const second = await page({ page: '2' })
    expect(second.data.map((product: { name: string }) => product.name)).toEqual(newestHits(30, 60))
    expect(second.pagination.hasPrev).toBe(true)

    // A filter whose matches are all older than the sample is never estimated: it waits.
    const old = await api.list({ name: `${tag} old`, pageSize: '30' })
    expect(old.json().pagination).toMatchObject({ total: older, totalExact: true })

    // Nor are one provider's products (its list says they are few), though here they are all.
    const ofProvider = await api.providerList(providerId, { name: `${tag} hit`, pageSize: '30' })
    expect(ofProvider.json().pagination).toMatchObject({ total: matches, totalExact: true })

    // Waited for, the count is the exact one.
    waitForRecounts(suite.db, Number.POSITIVE_INFINITY)
    expect((await page({})).pagination).toMatchObject({ total: matches, totalExact: true })
  }, 60_000)
})
