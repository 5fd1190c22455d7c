// Many categories as removable chips, added from a searchable combobox that asks the server as
// the operator types. The screen passes where to search through "ui:options": { "source":
// CategorySource }; the analyst words the text shown while none is picked ("emptyText").
import type { WidgetProps } from '@rjsf/utils'
import { LazyCategoryCombobox as CategoryCombobox } from '../../components/lazy-category-combobox'
import type { CategorySource } from '../../lib/category-search'

export function CategoryChipsWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange, onBlur, onFocus, placeholder } = props
  const selected: number[] = Array.isArray(value) ? value : []
  return (
    <CategoryCombobox
      id={id}
      multiple
      source={options.source as CategorySource | undefined}
      value={selected.map(String)}
      onChange={(picked) => onChange(picked.map(Number))}
      disabled={disabled || readonly}
      placeholder={placeholder || 'Add a category…'}
      emptyText={typeof options.emptyText === 'string' ? options.emptyText : undefined}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  )
}
