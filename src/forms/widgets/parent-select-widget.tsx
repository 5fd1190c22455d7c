// A parent-category picker with a "none" choice: a searchable combobox that asks the server as
// the operator types and shows each category's full path. The screen passes where to search
// through "ui:options": { "source": CategorySource, "exclude": <own id> }; the analyst words
// the "no parent" choice ("noneLabel").
import type { WidgetProps } from '@rjsf/utils'
import { LazyCategoryCombobox as CategoryCombobox } from '../../components/lazy-category-combobox'
import type { CategorySource } from '../../lib/category-search'

const NONE = 'none'

export function ParentSelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange, onBlur, onFocus, placeholder } = props
  const noneLabel = typeof options.noneLabel === 'string' ? options.noneLabel : 'None'
  const extras = [{ value: NONE, label: noneLabel }]
  return (
    <CategoryCombobox
      id={id}
      source={options.source as CategorySource | undefined}
      exclude={typeof options.exclude === 'number' ? options.exclude : undefined}
      extras={extras}
      value={value === null || value === undefined ? [NONE] : [String(value)]}
      onChange={(picked) => {
        const key = picked[0]
        onChange(key === undefined || key === NONE ? null : Number(key))
      }}
      disabled={disabled || readonly}
      placeholder={placeholder || 'Type to search'}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  )
}
