// The RJSF theme: a registry of plain templates and widgets rendered with Chakra UI.
import type { RegistryWidgetsType, TemplatesType, Widget } from '@rjsf/utils'
import type { ThemeWidgetName } from '../widget-catalogue'
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

/** Our component for every theme widget of the catalogue (src/forms/widget-catalogue.ts). */
const themeWidgets = {
  switch: SwitchWidget,
  textarea: TextareaWidget,
  radio: RadioWidget,
  select: SelectWidget,
  money: MoneyWidget,
  parentSelect: ParentSelectWidget,
  categoryChips: CategoryChipsWidget,
  cropper: CropperSlotWidget,
} satisfies Record<ThemeWidgetName, Widget>

/** The registry: the catalogue's names, and ours in place of RJSF's own checkbox, textarea,
 * radio and select (the widgets RJSF picks by default). */
export const widgets: RegistryWidgetsType = {
  ...themeWidgets,
  CheckboxWidget: SwitchWidget,
  TextareaWidget,
  RadioWidget,
  SelectWidget,
}
