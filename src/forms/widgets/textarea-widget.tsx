import { Textarea } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'

export function TextareaWidget(props: WidgetProps) {
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    placeholder,
    options,
    onChange,
    onBlur,
    onFocus,
  } = props
  return (
    <Textarea
      id={id}
      name={id}
      value={value ?? ''}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      onChange={(event) =>
        onChange(event.target.value === '' ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  )
}
