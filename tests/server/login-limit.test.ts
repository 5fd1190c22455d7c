import type { FastifyInstance } from 'fastify'
import { expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'

const attempt = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })

describeEachDatabase('login rate limit', (suite) => {
  test('after 10 failures the 11th attempt is 429 even with the right password', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator()
    for (let i = 0; i < 10; i += 1) {
      expect((await attempt(app, operator.username, 'wrong-password')).statusCode).toBe(401)
    }
    const blocked = await attempt(app, operator.username, operator.password)
    expect(blocked.statusCode).toBe(429)
    expect(Object.keys(blocked.json())).toEqual(['detail'])
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60)
    // The budget is per username whatever its case.
    const otherCase = await attempt(app, operator.username.toUpperCase(), operator.password)
    expect(otherCase.statusCode).toBe(429)
  })

  test('another username is unaffected', async () => {
    const app = await suite.makeApp()
    const victim = await suite.createOperator()
    const bystander = await suite.createOperator()
    for (let i = 0; i < 11; i += 1) await attempt(app, victim.username, 'wrong-password')
    expect((await attempt(app, victim.username, victim.password)).statusCode).toBe(429)
    expect((await attempt(app, bystander.username, bystander.password)).statusCode).toBe(200)
  })

  test('successful logins do not use up the budget', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator()
    for (let i = 0; i < 12; i += 1) {
      expect((await attempt(app, operator.username, operator.password)).statusCode).toBe(200)
    }
  })

  test('30 parallel wrong attempts let at most 10 reach the password check', async () => {
    const app = await suite.makeApp()
    const operator = await suite.createOperator()
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => attempt(app, operator.username, 'wrong-password')),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20)
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)
  })

  test('unknown usernames are limited too', async () => {
    const app = await suite.makeApp()
    for (let i = 0; i < 10; i += 1) await attempt(app, 'ghost-user', 'guess')
    expect((await attempt(app, 'ghost-user', 'guess')).statusCode).toBe(429)
  })
})
