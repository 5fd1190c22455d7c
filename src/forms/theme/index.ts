// The RJSF theme: a registry of plain templates and widgets rendered with Chakra UI.
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils'
import { CategoryChipsWidget } from '../widgets/category-chips-widget'
import { CropperSlotWidget } from '../widgets/cropper-slot-widget'
import { MoneyWidget } from '../widgets/money-widget'
import { ParentSelectWidget } from '../widgets/parent-select-widget'
import { RadioWidget } from '../widgets/radio-widget'
import { SelectWidget } from '../widgets/select-widget'
import { SwitchWidget } from '../widgets/switch-widget'
import { TextareaWidget } from '../widgets/textarea-widget'
import { BaseInputTemplate } from './base-input-template'
import { FieldTemplate } from './field-template'
import { ObjectFieldTemplate } from './object-field-template'

export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
}

/** Widget names an analyst may use in a ui schema ("ui:widget": "categoryChips"). */
export const widgets: RegistryWidgetsType = {
  CheckboxWidget: SwitchWidget,
  switch: SwitchWidget,
  textarea: TextareaWidget,
  TextareaWidget,
  RadioWidget,
  radio: RadioWidget,
  SelectWidget,
  select: SelectWidget,
  money: MoneyWidget,
  parentSelect: ParentSelectWidget,
  categoryChips: CategoryChipsWidget,
  cropper: CropperSlotWidget,
}
