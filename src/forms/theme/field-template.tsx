// Every field: a Chakra Field whose label names the input RJSF renders (Field.Root's `id` is the
// control's id, RJSF's; Ark's `ids.control` would name the root element instead and leave the
// label pointing at nothing), with help text and plain-words errors right beside it.
import { Field, HStack } from '@chakra-ui/react'
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
      id={id}
      invalid={errors.length > 0}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      mb="4"
      // The label sits above the input: a field scrolled into view (the first invalid one on
      // submit) keeps room for it at the top of the page.
      css={{ '& :is(input, textarea, select, button)': { scrollMarginTop: '4.5rem' } }}
    >
      {showLabel && (
        // The required mark sits beside the label, not in it, so the label names the field
        // exactly ("Name", not "Name*").
        <HStack gap="1" mb="1.5">
          <Field.Label fontWeight="medium">{label}</Field.Label>
          <Field.RequiredIndicator />
        </HStack>
      )}
      {children}
      {(rawHelp || rawDescription) && (
        <Field.HelperText>{rawHelp || rawDescription}</Field.HelperText>
      )}
      {errors.length > 0 && <Field.ErrorText>{errors.join(' ')}</Field.ErrorText>}
    </Field.Root>
  )
}
