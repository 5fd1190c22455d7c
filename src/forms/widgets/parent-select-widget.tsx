// A category picker with a "none" choice: a native select (keyboard and screen-reader friendly)
// whose options are the hierarchy, indented by depth. Choices arrive through
// "ui:options": { "choices": TreeOption[], "noneLabel": "None Parent Category" }.
import { NativeSelect } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { indentedLabel, type TreeOption } from '../../lib/category-tree'

export function ParentSelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange, onBlur, onFocus } = props
  const choices = (options.choices ?? []) as TreeOption[]
  const noneLabel = typeof options.noneLabel === 'string' ? options.noneLabel : 'None'
  return (
    <NativeSelect.Root disabled={disabled || readonly}>
      <NativeSelect.Field
        id={id}
        name={id}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <option value="">{noneLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} aria-label={choice.label}>
            {indentedLabel(choice)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
