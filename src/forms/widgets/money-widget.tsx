// Naira amounts: a number input with a ₦ sign, kobo steps (0.01) and the schema's minimum.
import { Input, InputGroup } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'

export function MoneyWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, schema, onChange, onBlur, onFocus } = props
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : 0.01
  return (
    <InputGroup startElement="₦">
      <Input
        id={id}
        name={id}
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        value={value ?? ''}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) =>
          onChange(event.target.value === '' ? undefined : Number(event.target.value))
        }
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </InputGroup>
  )
}
