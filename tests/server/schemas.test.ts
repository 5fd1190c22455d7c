import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { loadSchemas } from '../../server/schemas'
import { describeEachDatabase } from './support/databases'

const dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-schemas-'))
// The app's own routes need the real schema files; the test adds one of its own beside them.
cpSync('schemas', dir, { recursive: true })
writeFileSync(
  path.join(dir, 'thing-create.json'),
  JSON.stringify({
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', pattern: '\\S' } },
  }),
)
writeFileSync(path.join(dir, 'thing-create.ui.json'), JSON.stringify({ 'ui:order': ['name'] }))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('loadSchemas', () => {
  test('registers JSON Schemas by file name and skips UI schemas', () => {
    const ids = loadSchemas(dir).map((schema) => schema.$id)
    expect(ids).toContain('thing-create')
    expect(ids).toContain('product')
    expect(ids.some((id) => id.includes('.ui') || id.endsWith('-ui'))).toBe(false)
  })

  test('a missing folder means no schemas', () => {
    expect(loadSchemas(path.join(dir, 'missing'))).toEqual([])
  })
})

describeEachDatabase('shared schemas', (suite) => {
  test('routes validate bodies against /schemas by $ref', async () => {
    const app = await suite.makeApp({ schemasDir: dir })
    app.post(
      '/api/test/things',
      { config: { public: true }, schema: { body: { $ref: 'thing-create#' } } },
      async (request) => request.body,
    )
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/test/things', payload })
    expect((await post({ name: 'ok' })).statusCode).toBe(200)
    expect((await post({})).json()).toEqual({ detail: 'name is required' })
    expect((await post({ name: '  ' })).json()).toEqual({ detail: 'name must not be blank' })
  })
})
