// The create and edit forms of both hierarchies, from their schema files. Validators are
// precompiled at build time from the same files (see scripts/form-validators-plugin.ts).
import pcCreate from 'virtual:form-validator/product-category.create'
import pcUpdate from 'virtual:form-validator/product-category.update'
import spcCreate from 'virtual:form-validator/service-provider-category.create'
import spcUpdate from 'virtual:form-validator/service-provider-category.update'
import pcDoc from '../../../schemas/product-category.json'
import pcUi from '../../../schemas/product-category.ui.json'
import spcDoc from '../../../schemas/service-provider-category.json'
import spcUi from '../../../schemas/service-provider-category.ui.json'
import { defineForm, type FormDefinition } from '../../forms/define-form'
import type { CategoryKind } from './category-kinds'

const forms: Record<
  CategoryKind['parentField'],
  { create: FormDefinition; update: FormDefinition }
> = {
  parentId: {
    create: defineForm(spcDoc, spcUi, 'create', spcCreate),
    update: defineForm(spcDoc, spcUi, 'update', spcUpdate),
  },
  parentCategoryId: {
    create: defineForm(pcDoc, pcUi, 'create', pcCreate),
    update: defineForm(pcDoc, pcUi, 'update', pcUpdate),
  },
}

export function categoryForm(kind: CategoryKind, form: 'create' | 'update'): FormDefinition {
  return forms[kind.parentField][form]
}
