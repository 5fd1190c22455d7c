// The custom fields of either category hierarchy: what its schema declares beyond the fields
// its pages show (see forms/custom-fields.ts).
import pcDoc from '../../../schemas/product-category.json'
import pcUi from '../../../schemas/product-category.ui.json'
import spcDoc from '../../../schemas/service-provider-category.json'
import spcUi from '../../../schemas/service-provider-category.ui.json'
import { type CustomField, customFields } from '../../forms/custom-fields'
import type { CategoryKind } from './category-kinds'

const fields: Record<CategoryKind['parentField'], CustomField[]> = {
  parentId: customFields(spcDoc, spcUi, ['name', 'description', 'parentId']),
  parentCategoryId: customFields(pcDoc, pcUi, ['name', 'description', 'parentCategoryId']),
}

export function categoryCustomFields(kind: CategoryKind): CustomField[] {
  return fields[kind.parentField]
}
