// Issue 27, point 3: the built-in fields' shipped titles are written twice, once for the web
// app (src/forms/shipped-titles.ts) and once for the server (server/lib/field-titles.ts), which
// never import each other. Both lists agree, and they are the titles schemas/ gives: with the
// shipped files no field counts as renamed, so every screen, message and header keeps the
// spec's wording.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  SHIPPED_TITLES as SERVER,
  fieldTitles as serverTitles,
} from '../../server/lib/field-titles'
import { fieldTitles as webTitles } from '../../src/forms/field-titles'
import { SHIPPED_TITLES as WEB } from '../../src/forms/shipped-titles'

const read = (file: string) =>
  JSON.parse(readFileSync(path.join('schemas', file), 'utf8')) as Record<string, unknown>

describe('shipped field titles', () => {
  test('the web app and the server keep the same list', () => {
    expect(SERVER).toEqual(WEB)
  })

  test.each(Object.entries(WEB))(
    '%s: each is the title schemas/ gives the field',
    (id, shipped) => {
      const [doc, ui] = [read(`${id}.json`), read(`${id}.ui.json`)]
      const web = webTitles(doc, ui, shipped)
      const server = serverTitles(id, doc)
      for (const [field, title] of Object.entries(shipped)) {
        expect(web.title(field), field).toBe(title)
        expect(web.label(field, 'usual'), field).toBe('usual')
        expect(server.title(field), field).toBe(title)
        expect(server.renamed(field), field).toBeUndefined()
      }
    },
  )
})
