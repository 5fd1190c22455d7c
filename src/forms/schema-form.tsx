// A form rendered from a schema file: Chakra theme, precompiled validator, plain-words errors,
// and a submit button whose text follows the form's busy state ('Create Category' /
// 'Creating . . .'). Both texts come from the ui schema's "ui:submitButtonOptions".
import { Button, HStack } from '@chakra-ui/react'
import { withTheme } from '@rjsf/core'
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils'
import type { ReactNode } from 'react'
import { transformErrors } from './plain-errors'
import { templates, widgets } from './theme'

const ThemedForm = withTheme({ templates, widgets })

export interface SchemaFormProps<T> {
  schema: RJSFSchema
  uiSchema: UiSchema
  validator: ValidatorType
  formData?: Partial<T>
  busy: boolean
  onSubmit: (data: T) => void
  onChange?: (data: Partial<T>) => void
  /** Extra buttons beside submit (e.g. Cancel). */
  actions?: ReactNode
}

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, validator, formData, busy, onSubmit, onChange, actions } = props
  const buttonOptions = (uiSchema['ui:submitButtonOptions'] ?? {}) as {
    submitText?: string
    busyText?: string
  }
  return (
    <ThemedForm
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={formData}
      disabled={busy}
      noHtml5Validate
      showErrorList={false}
      omitExtraData
      transformErrors={transformErrors}
      onChange={(event) => onChange?.(event.formData as Partial<T>)}
      onSubmit={(event) => onSubmit(event.formData as T)}
    >
      <HStack gap="3" mt="2">
        <Button type="submit" colorPalette="teal" disabled={busy} aria-busy={busy}>
          {busy ? (buttonOptions.busyText ?? 'Saving . . .') : (buttonOptions.submitText ?? 'Save')}
        </Button>
        {actions}
      </HStack>
    </ThemedForm>
  )
}
