import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
  customFieldNames,
  ENTITY_COLUMNS,
  type EntityName,
  formProperties,
  propertyOfColumn,
  splitBody,
} from '../../server/db/entity-columns'

const read = (entity: EntityName) =>
  JSON.parse(readFileSync(`schemas/${entity}.json`, 'utf8')) as Record<string, unknown>
const entities = Object.keys(ENTITY_COLUMNS) as EntityName[]

describe('entity columns', () => {
  test.each(entities)('every property of today’s %s forms has a column', (entity) => {
    expect(customFieldNames(entity, read(entity))).toEqual([])
  })

  test('form properties include those of if/then branches (product prices)', () => {
    const names = [...formProperties(read('product'), 'create').keys()]
    expect(names).toEqual(expect.arrayContaining(['name', 'price', 'minPrice', 'maxPrice']))
    // update is a $ref to create for categories
    expect([...formProperties(read('product-category'), 'update').keys()]).toEqual([
      'name',
      'description',
      'parentCategoryId',
    ])
  })

  test('splitBody keeps column values, custom fields and drops undeclared keys', () => {
    const doc = read('product-category')
    const create = (doc.definitions as Record<string, { properties: Record<string, unknown> }>)
      .create
    create.properties.sku = { type: 'string', title: 'SKU' }
    const split = splitBody('product-category', doc, 'create', {
      name: 'Kitchen',
      description: 'Pots',
      sku: 'K-1',
      stray: 1,
    })
    expect(split).toEqual({
      columns: { name: 'Kitchen', description: 'Pots' },
      attributes: { sku: 'K-1' },
    })
  })

  test('propertyOfColumn names the field of a column', () => {
    expect(propertyOfColumn('product', 'estimated_delivery_days')).toBe('estimatedDeliveryDays')
    expect(propertyOfColumn('product-category', 'parent_id')).toBe('parentCategoryId')
    expect(propertyOfColumn('product', 'nothing')).toBeUndefined()
  })
})
