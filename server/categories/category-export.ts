// The columns of a category hierarchy's CSV export (GET /service-provider-categories/export,
// /product-categories/export): the parent by name, and its id since names may repeat.

import { optionalId, text } from '../imports/cells'
import { type CsvColumn, isoDate } from '../lib/csv-export'
import type { Dated } from '../lists/list-engine'
import type { CategoryKind } from './category-kinds'
import type { ExportedCategory } from './category-queries'

export function categoryColumns(kind: CategoryKind): CsvColumn<Dated<ExportedCategory>>[] {
  const parent = kind.parentField === 'parentId' ? 'Parent' : 'Parent Category'
  return [
    { title: 'ID', field: 'id', value: (c) => c.id },
    { title: 'Name', field: 'name', value: (c) => c.name, read: text },
    { title: 'Description', field: 'description', value: (c) => c.description, read: text },
    { title: parent, value: (c) => c.parentName },
    { title: `${parent} ID`, field: kind.parentField, value: (c) => c.parentId, read: optionalId },
    { title: 'Created', value: (c) => isoDate(c.createdAt) },
    { title: 'Updated', value: (c) => isoDate(c.updatedAt) },
  ]
}
