// `npm run check:schemas` (issue #11): each kind of analyst mistake, made on a copy of
// schemas/, is reported with its file, its place and a message in plain words.
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { checkSchemas, formatReport, type SchemaProblem } from '../../scripts/schema-check'
import { copySchemas, type FolderCopy } from '../../scripts/support/folder-copy'

let copy: FolderCopy
afterEach(() => copy?.remove())

/** The problems after one edit of a fresh copy. */
function problemsAfter(edit: (copy: FolderCopy) => void): SchemaProblem[] {
  copy = copySchemas()
  edit(copy)
  return checkSchemas(copy.dir).problems
}

describe('check:schemas', () => {
  test('the repository schemas have no mistakes', () => {
    expect(checkSchemas('schemas').problems).toEqual([])
  })

  test('invalid JSON: line and column', () => {
    const problems = problemsAfter((c) =>
      c.replace('service-provider.json', '"title": "About",', '"title": "About"'),
    )
    expect(problems).toEqual([
      {
        file: 'service-provider.json',
        where: expect.stringMatching(/^line \d+, column \d+$/),
        message: expect.stringContaining('not valid JSON'),
      },
    ])
    const lines = copyText('service-provider.json').split('\n')
    const [, line, column] = /line (\d+), column (\d+)/.exec(problems[0].where) ?? []
    // The place named is where the comma is missing: just after "About" or at the next key.
    expect(lines.slice(Number(line) - 2, Number(line)).join('\n')).toContain('"title": "About"')
    expect(Number(column)).toBeGreaterThan(0)
  })

  test('an unknown keyword, with the nearest known one', () => {
    expect(
      problemsAfter((c) =>
        c.edit('product.json', (doc) => {
          const days = doc.definitions.estimatedDeliveryDays
          days.minimun = days.minimum
          delete days.minimum
        }),
      ),
    ).toEqual([
      {
        file: 'product.json',
        where: '/definitions/estimatedDeliveryDays/minimun',
        message: expect.stringContaining(
          '"minimun" is not a JSON Schema keyword (did you mean "minimum"?)',
        ),
      },
    ])
  })

  test('a $ref to nothing', () => {
    expect(
      problemsAfter((c) =>
        c.edit('product.json', (doc) => {
          doc.definitions.create.properties.enabled.$ref = '#/definitions/enabld'
        }),
      ),
    ).toEqual([
      {
        file: 'product.json',
        where: '/definitions/create/properties/enabled/$ref',
        message:
          '"$ref": "#/definitions/enabld" points to nothing: there is no "enabld" under definitions (did you mean "enabled"?).',
      },
    ])
  })

  test('a value of the wrong type', () => {
    const problems = problemsAfter((c) =>
      c.edit('product.json', (doc) => {
        doc.definitions.productCategoryIds.maxItems = '50'
        doc.definitions.enabled.type = 'bool'
      }),
    )
    expect(problems).toEqual([
      {
        file: 'product.json',
        where: '/definitions/productCategoryIds/maxItems',
        message: 'the value of "maxItems" must be a whole number.',
      },
      {
        file: 'product.json',
        where: '/definitions/enabled/type',
        message: expect.stringContaining('(did you mean "boolean"?)'),
      },
    ])
  })

  test('ui:order naming a field the form does not have', () => {
    expect(
      problemsAfter((c) =>
        c.edit('product.ui.json', (ui) => {
          ui.common['ui:order'][0] = 'nmae'
        }),
      ),
    ).toEqual([
      {
        file: 'product.ui.json',
        where: '/common/ui:order/0',
        message: expect.stringContaining(
          '"nmae" is not a field of any form (did you mean "name"?)',
        ),
      },
    ])
  })

  test('ui:order leaving a field out without "*"', () => {
    expect(
      problemsAfter((c) =>
        c.edit('service-provider.ui.json', (ui) => {
          ui.common['ui:order'].pop()
        }),
      ),
    ).toEqual([
      {
        file: 'service-provider.ui.json',
        where: '/common/ui:order',
        message: expect.stringContaining(
          '"ui:order" leaves out "enabled" of the create and update forms',
        ),
      },
    ])
  })

  test('a per-field key that is not a field', () => {
    expect(
      problemsAfter((c) =>
        c.edit('product-category.ui.json', (ui) => {
          ui.common.nmae = ui.common.name
          delete ui.common.name
        }),
      ),
    ).toEqual([
      {
        file: 'product-category.ui.json',
        where: '/common/nmae',
        message: expect.stringContaining(
          '"nmae" is not a field of any form (did you mean "name"?)',
        ),
      },
    ])
  })

  test('a ui:widget that is not in the catalogue', () => {
    expect(
      problemsAfter((c) =>
        c.edit('product.ui.json', (ui) => {
          ui.common.price['ui:widget'] = 'mony'
        }),
      ),
    ).toEqual([
      {
        file: 'product.ui.json',
        where: '/common/price/ui:widget',
        message: expect.stringContaining('"mony" is not a widget (did you mean "money"?)'),
      },
    ])
  })

  test('a widget that does not suit the field', () => {
    const [problem] = problemsAfter((c) =>
      c.edit('product.ui.json', (ui) => {
        ui.common.name['ui:widget'] = 'switch'
      }),
    )
    expect(problem).toEqual({
      file: 'product.ui.json',
      where: '/common/name/ui:widget',
      message: 'the "switch" widget edits boolean fields, but "name" is string.',
    })
  })

  test('an unknown ui:options key for that widget', () => {
    expect(
      problemsAfter((c) =>
        c.edit('product-category.ui.json', (ui) => {
          ui.common.description['ui:options'] = { rowz: 4 }
        }),
      ),
    ).toEqual([
      {
        file: 'product-category.ui.json',
        where: '/common/description/ui:options/rowz',
        message: expect.stringContaining(
          '"rowz" is not an option of the "textarea" widget (did you mean "rows"?); its own options are "rows"',
        ),
      },
    ])
  })

  test('a new enum option the column refuses needs a migration', () => {
    expect(
      problemsAfter((c) =>
        c.edit('product.json', (doc) => {
          doc.definitions.pricing.enum.push('Hourly')
        }),
      ),
    ).toEqual([
      {
        file: 'product.json',
        where: '/definitions/pricing/enum',
        message: expect.stringMatching(
          /^"pricing" needs a migration: the schema allows the option "Hourly", but the database column products\.pricing takes only "Fixed" or "Range"\./,
        ),
      },
    ])
  })

  test('a maximum or minimum the column refuses needs a migration', () => {
    const problems = problemsAfter((c) =>
      c.edit('product.json', (doc) => {
        doc.definitions.rating.maximum = 10
        doc.definitions.estimatedDeliveryDays.minimum = 0
      }),
    )
    expect(problems.map((p) => [p.where, p.message.split('. ')[0]])).toEqual([
      [
        '/definitions/estimatedDeliveryDays/minimum',
        '"estimatedDeliveryDays" needs a migration: the schema allows numbers down to 0, but the database column products.estimated_delivery_days takes at least 1',
      ],
      [
        '/definitions/rating/maximum',
        '"rating" needs a migration: the schema allows numbers up to 10, but the database column products.rating takes at most 5',
      ],
    ])
  })

  test('a property with no column is a custom field; one of an unsupported type is reported', () => {
    copy = copySchemas()
    copy.edit('product.json', (doc) => {
      doc.definitions.create.properties.sku = { type: 'string', title: 'SKU', maxLength: 40 }
    })
    expect(checkSchemas(copy.dir)).toEqual({ problems: [], customFields: ['product.json: sku'] })
    copy.edit('product.json', (doc) => {
      doc.definitions.create.properties.tags = { type: 'array', items: { type: 'string' } }
    })
    expect(checkSchemas(copy.dir).problems).toEqual([
      {
        file: 'product.json',
        where: '/definitions/create/properties/tags/type',
        message: expect.stringContaining(
          '"tags" has no database column, so it would be a custom field, but its type is array',
        ),
      },
    ])
  })

  test('the command prints the report and fails; a clean folder passes', () => {
    copy = copySchemas()
    copy.edit('product.ui.json', (ui) => {
      ui.common.price['ui:widget'] = 'mony'
    })
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/schema-check/cli.ts', copy.dir],
      {
        encoding: 'utf8',
      },
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(formatReport(checkSchemas(copy.dir).problems))
    expect(run.stderr).toContain(
      'schemas/product.ui.json at /common/price/ui:widget: "mony" is not a widget',
    )
    const clean = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/schema-check/cli.ts'],
      {
        encoding: 'utf8',
      },
    )
    expect(clean).toMatch(/^Schemas OK/)
  })
})

function copyText(file: string): string {
  return readFileSync(path.join(copy.dir, file), 'utf8')
}
