import { Writable } from 'node:stream'
import { expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'

describeEachDatabase('request logging', (suite) => {
  test('one line per request, and never a password or a token', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).trim().split('\n'))
        done()
      },
    })
    const app = await suite.makeApp({ logger: { level: 'info', stream } })
    const operator = await suite.createOperator()
    const token = await suite.login(app, operator.username, operator.password)
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    await app.inject({ url: '/api/nope' })

    const text = lines.join('\n')
    expect(text).not.toContain(operator.password)
    expect(text).not.toContain(token)
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.method)
    expect(requests.map((entry) => [entry.method, entry.url, entry.statusCode])).toEqual([
      ['POST', '/api/auth/login', 200],
      ['POST', '/api/auth/logout', 200],
      ['GET', '/api/nope', 404],
    ])
    expect(requests.every((entry) => typeof entry.responseTime === 'number')).toBe(true)
  })
})
