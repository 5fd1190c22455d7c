// Issue 27, point 3: the built-in fields' shipped titles are written once (types/shipped-titles.ts,
// read by the web app and the server), and they are the titles schemas/ gives, read the web
// app's way and the server's way alike (`ui:title` in `common`, else `title`): with the shipped
// files no field counts as renamed, so every screen, message and header keeps the spec's wording.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { fieldTitles as serverTitles } from '../../server/lib/field-titles'
import { fieldTitles as webTitles } from '../../src/forms/field-titles'
import { SHIPPED_TITLES } from '../../types/shipped-titles'

const read = (file: string) =>
  JSON.parse(readFileSync(path.join('schemas', file), 'utf8')) as Record<string, unknown>

describe('shipped field titles', () => {
  test.each(Object.entries(SHIPPED_TITLES))(
    '%s: each is the title schemas/ gives the field',
    (id, shipped) => {
      const [doc, ui] = [read(`${id}.json`), read(`${id}.ui.json`)]
      const web = webTitles(doc, ui, shipped)
      const server = serverTitles(id, doc, ui)
      for (const [field, title] of Object.entries(shipped)) {
        expect(web.title(field), field).toBe(title)
        expect(web.label(field, 'usual'), field).toBe('usual')
        expect(server.title(field), field).toBe(title)
        expect(server.renamed(field), field).toBeUndefined()
        expect(server.named(field), field).toBe(field)
      }
    },
  )
})
