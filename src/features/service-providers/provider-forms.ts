// The provider create and edit forms, from schemas/service-provider.json and its ui schema.
import createFns from 'virtual:form-validator/service-provider.create'
import updateFns from 'virtual:form-validator/service-provider.update'
import doc from '../../../schemas/service-provider.json'
import ui from '../../../schemas/service-provider.ui.json'
import { defineForm } from '../../forms/define-form'

export const providerForms = {
  create: defineForm(doc, ui, 'create', createFns),
  update: defineForm(doc, ui, 'update', updateFns),
}
