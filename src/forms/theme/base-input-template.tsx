// Text, email, tel and number inputs. Empty text becomes undefined so "required" catches it; a
// number input hands RJSF a number.
import { Input } from '@chakra-ui/react'
import { type BaseInputTemplateProps, getInputProps } from '@rjsf/utils'
import type { ChangeEvent } from 'react'

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, type, placeholder, required, disabled, readonly, autofocus } = props
  const { onChange, onChangeOverride, onBlur, onFocus, options, schema, rawErrors = [] } = props
  const inputProps = getInputProps(schema, type, options)
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value
    if (raw === '') return onChange(options.emptyValue)
    onChange(inputProps.type === 'number' ? Number(raw) : raw)
  }
  return (
    <Input
      id={id}
      name={htmlName || id}
      {...inputProps}
      value={value ?? ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors.length > 0 || undefined}
      onChange={onChangeOverride || handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  )
}
