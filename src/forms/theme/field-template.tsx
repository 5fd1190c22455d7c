// Every field: a Chakra Field whose label names the input RJSF renders (Field.Root's control id
// is RJSF's id), with help text and plain-words errors right beside it.
import { Field } from '@chakra-ui/react'
import type { FieldTemplateProps } from '@rjsf/utils'

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors = [], rawHelp, rawDescription, hidden, required } = props
  const { displayLabel, schema, readonly, disabled } = props
  if (hidden) return <div hidden>{children}</div>
  // Objects lay out their own children; booleans (switches) carry their own label.
  if (schema.type === 'object') return children
  const showLabel = displayLabel && schema.type !== 'boolean'
  const errors = [...new Set(rawErrors)]
  return (
    <Field.Root
      ids={{ control: id }}
      invalid={errors.length > 0}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      mb="4"
    >
      {showLabel && (
        <Field.Label fontWeight="medium">
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      {children}
      {(rawHelp || rawDescription) && (
        <Field.HelperText>{rawHelp || rawDescription}</Field.HelperText>
      )}
      {errors.length > 0 && <Field.ErrorText>{errors.join(' ')}</Field.ErrorText>}
    </Field.Root>
  )
}
