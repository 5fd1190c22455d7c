// The custom fields of either category hierarchy (what its schema declares beyond the fields
// its pages show, see forms/custom-fields.ts) and its fields' titles (forms/field-titles.ts).
import pcDoc from '../../../schemas/product-category.json'
import pcUi from '../../../schemas/product-category.ui.json'
import spcDoc from '../../../schemas/service-provider-category.json'
import spcUi from '../../../schemas/service-provider-category.ui.json'
import { SHIPPED_TITLES } from '../../../types/shipped-titles'
import { type CustomField, customFields } from '../../forms/custom-fields'
import { type FieldTitles, fieldTitles } from '../../forms/field-titles'
import type { CategoryKind } from './category-kinds'

const spcTitles = SHIPPED_TITLES['service-provider-category']
const pcTitles = SHIPPED_TITLES['product-category']

const fields: Record<CategoryKind['parentField'], CustomField[]> = {
  parentId: customFields(spcDoc, spcUi, Object.keys(spcTitles)),
  parentCategoryId: customFields(pcDoc, pcUi, Object.keys(pcTitles)),
}

const titles: Record<CategoryKind['parentField'], FieldTitles> = {
  parentId: fieldTitles(spcDoc, spcUi, spcTitles),
  parentCategoryId: fieldTitles(pcDoc, pcUi, pcTitles),
}

export function categoryCustomFields(kind: CategoryKind): CustomField[] {
  return fields[kind.parentField]
}

export function categoryTitles(kind: CategoryKind): FieldTitles {
  return titles[kind.parentField]
}
