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
  /** Keeps submit disabled while the form cannot be sent yet (Add Image before a crop). */
  submitDisabled?: boolean
  /** What the page lends its widgets, e.g. `{ cropper }` for the cropper slot. */
  formContext?: Record<string, unknown>
  /**
   * Drop data the schema does not describe before validating and submitting (default true).
   * RJSF's pruning misses fields that only an `allOf` → `$ref` → `if/then` describes (the
   * product's price fields), so such forms turn it off and keep their data exact themselves.
   */
  omitExtraData?: boolean
}

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, validator, formData, busy, onSubmit, onChange, actions } = props
  const { submitDisabled = false, formContext, omitExtraData = true } = props
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
      formContext={formContext}
      disabled={busy}
      noHtml5Validate
      showErrorList={false}
      omitExtraData={omitExtraData}
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
        <Button
          type="submit"
          colorPalette="teal"
          disabled={busy || submitDisabled}
          aria-busy={busy}
        >
          {busy ? (buttonOptions.busyText ?? 'Saving . . .') : (buttonOptions.submitText ?? 'Save')}
        </Button>
        {actions}
      </HStack>
    </ThemedForm>
  )
}
