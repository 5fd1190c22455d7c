// String enumerations as a native select (the default for an enum, or "ui:widget": "select"):
// keyboard and screen-reader friendly, with the option labels the schema gives (`enumNames`,
// `oneOf` titles). An optional field starts with an empty choice that clears it. Required and
// invalid states come from the field template's Field.Root.
import { NativeSelect } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'

export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur } = props
  const choices = options.enumOptions ?? []
  return (
    <NativeSelect.Root disabled={disabled || readonly}>
      <NativeSelect.Field
        id={id}
        name={id}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => {
          const picked = choices.find((choice) => String(choice.value) === event.target.value)
          onChange(picked ? picked.value : undefined)
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => props.onFocus(id, value)}
      >
        {!required && <option value="" />}
        {choices.map((choice) => (
          <option key={String(choice.value)} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
