// `npm run check:schemas` (issue #11): each kind of analyst mistake, made on a copy of
// schemas/, is reported with its file, its place and a message in plain words.
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { compileFormValidators } from '../../scripts/form-validators-plugin'
import { checkSchemas, formatReport, type SchemaProblem } from '../../scripts/schema-check'
import { checkSchemas as checkServerSchemas } from '../../server/schema-check'
import { ANALYST_EDITS, editedCopy } from '../support/analyst-edits'
import { copySchemas, type SchemaCopy } from '../support/schema-copy'

let copy: SchemaCopy
afterEach(() => copy?.remove())

/** The problems after one edit of a fresh copy. */
function problemsAfter(edit: (copy: SchemaCopy) => void): SchemaProblem[] {
  copy = copySchemas()
  edit(copy)
  return checkSchemas(copy.dir).problems
}

describe('check:schemas', () => {
  test('the repository schemas have no mistakes', () => {
    expect(checkSchemas('schemas').problems).toEqual([])
  })

  test('invalid JSON: line and column', () => {
    const problems = problemsAfter((c) => {
      const file = path.join(c.dir, 'service-provider.json')
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('"title": "About",', '"title": "About"'),
      )
    })
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
        edit(c, 'product', (doc) => {
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
        edit(c, 'product', (doc) => {
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
      edit(c, 'product', (doc) => {
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

  test('a required name that is not a field', () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'product-category', (doc) => {
          doc.definitions.create.required = ['name', 'descripton']
        }),
      ),
    ).toEqual([
      {
        file: 'product-category.json',
        where: '/definitions/create/required/1',
        message:
          '"descripton" is required but is not a field of the create and update forms (did you mean "description"?), so the form could never be sent.',
      },
    ])
  })

  test('ui:order naming a field the form does not have', () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'product.ui', (ui) => {
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
        edit(c, 'service-provider.ui', (ui) => {
          ui.common['ui:order'] = ui.common['ui:order'].filter(
            (name: string) => name !== 'enabled' && name !== '*',
          )
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
        edit(c, 'product-category.ui', (ui) => {
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
        edit(c, 'product.ui', (ui) => {
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
      edit(c, 'product.ui', (ui) => {
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
        edit(c, 'product-category.ui', (ui) => {
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
        edit(c, 'product', (doc) => {
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
      edit(c, 'product', (doc) => {
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

  test('a stored field made optional needs a migration (or must stay required)', () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'service-provider', (doc) => {
          doc.definitions.create.required = doc.definitions.create.required.filter(
            (name: string) => name !== 'about',
          )
        }),
      ),
    ).toEqual([
      {
        file: 'service-provider.json',
        where: '/definitions/create/required',
        message: expect.stringContaining(
          '"about" needs a migration or must stay required: the create form lets it be left out, but the database column service_providers.about needs a value in every row.',
        ),
      },
    ])
  })

  test('a built-in field removed from a form the server reads it from', () => {
    const withoutName = (doc: Loose) => {
      delete doc.definitions.create.properties.name
      doc.definitions.create.required = doc.definitions.create.required.filter(
        (name: string) => name !== 'name',
      )
    }
    expect(problemsAfter((c) => edit(c, 'product', withoutName))).toEqual([
      {
        file: 'product.json',
        where: '/definitions/create/properties',
        message: expect.stringContaining(
          '"name" is missing from the create form, but it is a built-in field the server needs: the database column products.name needs a value in every row',
        ),
      },
    ])
    // The category's update form is its create form: one line names both.
    const problems = problemsAfter((c) => edit(c, 'product-category', withoutName))
    expect(problems.filter((p) => p.file === 'product-category.json')).toEqual([
      {
        file: 'product-category.json',
        where: '/definitions/create/properties',
        message: expect.stringContaining('"name" is missing from the create and update forms'),
      },
    ])
    // A field set once, on create, may be missing from the update form.
    expect(checkSchemas('schemas').problems).toEqual([])
  })

  test('a built-in field with no type at all is incompatible with its column', () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'product', (doc) => {
          delete doc.definitions.name.type
        }),
      ),
    ).toEqual([
      {
        file: 'product.json',
        where: '/definitions/name',
        message: expect.stringContaining(
          '"name" needs a migration: the schema allows values of any type, but the database column products.name takes only string values.',
        ),
      },
    ])
  })

  test('a required field whose type allows null is refused, once, at its place in "required"', () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'product-category', (doc) => {
          doc.definitions.create.required.push('parentCategoryId')
        }),
      ),
    ).toEqual([
      {
        file: 'product-category.json',
        where: '/definitions/create/required/2',
        message: expect.stringContaining(
          '"parentCategoryId" is required in the create and update forms, but its "type" allows null (no value), so a form or request sending null is still saved without one. To make a value necessary, remove "null" from its "type" (at /definitions/parentCategoryId/type)',
        ),
      },
    ])
    // Without null in its type, the field may be required (the column keeps taking null).
    expect(
      problemsAfter((c) =>
        edit(c, 'product-category', (doc) => {
          doc.definitions.create.required.push('parentCategoryId')
          doc.definitions.parentCategoryId.type = 'integer'
          delete doc.definitions.parentCategoryId.default
        }),
      ),
    ).toEqual([])
  })

  test('an invalid regular expression is reported at its pattern', () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'service-provider', (doc) => {
          doc.definitions.phoneNumber.pattern = '^[0-9'
        }),
      ),
    ).toEqual([
      {
        file: 'service-provider.json',
        where: '/definitions/phoneNumber/pattern',
        message: expect.stringContaining(
          '"^[0-9" is not a valid regular expression (Unterminated character class)',
        ),
      },
    ])
  })

  test("a pattern's own message: beside its pattern, for the pattern only", () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'service-provider', (doc) => {
          doc.definitions.phoneNumber.errorMessage = { pattern: 'Digits and spaces only' }
        }),
      ),
    ).toEqual([])
    expect(
      problemsAfter((c) =>
        edit(c, 'service-provider', (doc) => {
          doc.definitions.firstName.errorMessage = { pattern: 'Letters only' }
          doc.definitions.email.errorMessage = { format: 'An email address' }
          doc.definitions.about.errorMessage = 'Not blank'
        }),
      ),
    ).toEqual([
      {
        file: 'service-provider.json',
        where: '/definitions/firstName/errorMessage/pattern',
        message: expect.stringContaining('there is no "pattern" here for this message to explain'),
      },
      {
        file: 'service-provider.json',
        where: '/definitions/email/errorMessage/format',
        message: expect.stringContaining('only "pattern" may carry its own message'),
      },
      {
        file: 'service-provider.json',
        where: '/definitions/about/errorMessage',
        message: expect.stringContaining('"errorMessage" must be an object of messages by rule'),
      },
    ])
  })

  test('a built-in field given a type its column refuses is one mistake, one line', () => {
    expect(
      problemsAfter((c) =>
        edit(c, 'product', (doc) => {
          doc.definitions.pricingRule.allOf[0].then.properties.price = {
            type: 'string',
            title: 'Price',
          }
        }),
      ),
    ).toEqual([
      {
        file: 'product.json',
        where: '/definitions/pricingRule/allOf/0/then/properties/price/type',
        message: expect.stringMatching(
          /^"price" needs a migration: the schema allows string values, but the database column products\.price_kobo takes only integer or number values\./,
        ),
      },
    ])
    // One definition shared by two fields: one line names both.
    expect(
      problemsAfter((c) =>
        edit(c, 'product', (doc) => {
          doc.definitions.money.type = 'string'
        }),
      ),
    ).toEqual([
      {
        file: 'product.json',
        where: '/definitions/money/type',
        message: expect.stringMatching(
          /^"price" and "maxPrice" need a migration: the schema allows string values, but the database columns products\.price_kobo and products\.max_price_kobo take only integer or number values\./,
        ),
      },
    ])
  })

  test.each(ANALYST_EDITS.map((e) => [e.name, e] as const))(
    "the analyst's edit %s passes",
    (_, analystEdit) => {
      copy = editedCopy(analystEdit)
      expect(checkSchemas(copy.dir).problems).toEqual([])
    },
  )

  test('a property with no column is a custom field; one of an unsupported type is reported', () => {
    copy = copySchemas()
    edit(copy, 'product', (doc) => {
      doc.definitions.create.properties.sku = { type: 'string', title: 'SKU', maxLength: 40 }
    })
    expect(checkSchemas(copy.dir)).toEqual({ problems: [], customFields: ['product.json: sku'] })
    edit(copy, 'product', (doc) => {
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

  test("the server's own check: the data schemas (and the ui files' JSON), not the ui schemas", () => {
    copy = copySchemas()
    edit(copy, 'product.ui', (ui) => {
      ui.common.price['ui:widget'] = 'mony'
    })
    expect(checkServerSchemas(copy.dir).problems).toEqual([])
    writeFileSync(path.join(copy.dir, 'product.ui.json'), '{ "common": ')
    edit(copy, 'product', (doc) => {
      doc.definitions.pricing.enum.push('Hourly')
    })
    expect(checkServerSchemas(copy.dir).problems.map((p) => [p.file, p.where])).toEqual([
      ['product.ui.json', expect.stringMatching(/^line 1, column/)],
      ['product.json', '/definitions/pricing/enum'],
    ])
  })

  // Two processes on a shared machine: a few seconds each when it is busy.
  test('the command prints the report and fails; a clean folder passes', {
    timeout: 30_000,
  }, () => {
    copy = copySchemas()
    edit(copy, 'product.ui', (ui) => {
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

// biome-ignore lint/suspicious/noExplicitAny: the tests reach into any part of a schema file
type Loose = any

/** An analyst's edit of one file (`product`, `product.ui`) of the copy. */
function edit(c: SchemaCopy, name: string, change: (json: Loose) => void) {
  c.edit(name, change)
}

function copyText(file: string): string {
  return readFileSync(path.join(copy.dir, file), 'utf8')
}

describe('the build', () => {
  test('a schema the validator generator cannot compile is named in the build error', () => {
    copy = copySchemas()
    const file = path.join(copy.dir, 'product.json')
    writeFileSync(file, readFileSync(file, 'utf8').replace('"minimum": 1,', '"minimum": 1'))
    expect(() => compileFormValidators(copy.dir, 'product', 'create')).toThrow(
      /^schemas\/product\.json \(create form\): .*JSON.*`npm run check:schemas` lists every mistake/,
    )
  })
})
