// A form rendered from a schema file: Chakra theme, precompiled validator, plain-words errors,
// and a submit button whose text follows the form's busy state ('Create Category' /
// 'Creating . . .'). Both texts come from the ui schema's "ui:submitButtonOptions".
import { Button, HStack } from '@chakra-ui/react'
import { withTheme } from '@rjsf/core'
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils'
import { type ReactNode, useState } from 'react'
import { transformErrors } from './plain-errors'
import { templates, widgets } from './theme'

const ThemedForm = withTheme({ templates, widgets })
const ignoreErrors = () => {}

export interface SchemaFormProps<T> {
  schema: RJSFSchema
  uiSchema: UiSchema
  validator: ValidatorType
  /** The data the form starts with (an edit screen's loaded entity); the form keeps the edits. */
  formData?: Partial<T>
  busy: boolean
  onSubmit: (data: T) => void
  onChange?: (data: Partial<T>) => void
  /** Extra buttons beside submit (e.g. Cancel). */
  actions?: ReactNode
}

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, validator, formData, busy, onSubmit, onChange, actions } = props
  // RJSF re-derives its data from the `formData` prop whenever any prop changes (busy, choices
  // loaded), so a fixed prop would wipe the operator's edits the moment Save is pressed. The
  // form's own data is held here and handed back, so RJSF always sees its latest state.
  const [data, setData] = useState(formData)
  const buttonOptions = (uiSchema['ui:submitButtonOptions'] ?? {}) as {
    submitText?: string
    busyText?: string
  }
  return (
    <ThemedForm
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={data}
      disabled={busy}
      noHtml5Validate
      showErrorList={false}
      omitExtraData
      transformErrors={transformErrors}
      // Errors are shown beside their fields; without onError RJSF also logs them to the console.
      onError={ignoreErrors}
      focusOnFirstError
      onChange={(event) => {
        setData(event.formData as Partial<T>)
        onChange?.(event.formData as Partial<T>)
      }}
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
