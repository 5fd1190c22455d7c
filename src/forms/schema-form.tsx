// A form rendered from a schema file: Chakra theme, precompiled validator, plain-words errors,
// and a submit button whose text follows the form's busy state ('Create Category' /
// 'Creating . . .'). Both texts come from the ui schema's "ui:submitButtonOptions". Leaving
// the form with unsaved changes asks first (unsaved-changes-guard.tsx).
import { Button, HStack } from '@chakra-ui/react'
import type Form from '@rjsf/core'
import { withTheme } from '@rjsf/core'
import { deepEquals, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { transformErrors } from './plain-errors'
import { templates, widgets } from './theme'
import { UnsavedChangesGuard } from './unsaved-changes-guard'

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
  const dirty = useDirty(busy)
  const buttonOptions = (uiSchema['ui:submitButtonOptions'] ?? {}) as {
    submitText?: string
    busyText?: string
  }
  return (
    <ThemedForm
      ref={dirty.formRef}
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={data}
      formContext={formContext}
      disabled={busy}
      noHtml5Validate
      showErrorList={false}
      omitExtraData={omitExtraData}
      transformErrors={(errors, ui) => transformErrors(errors, ui, schema)}
      // Errors are shown beside their fields; without onError RJSF also logs them to the console.
      onError={ignoreErrors}
      focusOnFirstError
      onChange={(event) => {
        setData(event.formData as Partial<T>)
        dirty.changed(event.formData)
        onChange?.(event.formData as Partial<T>)
      }}
      onSubmit={(event) => {
        dirty.saving.current = true
        onSubmit(event.formData as T)
      }}
    >
      <UnsavedChangesGuard dirty={dirty.dirty} saving={dirty.saving} />
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

/** Undefined members dropped: a field typed into and emptied again counts as untouched. */
const comparable = (data: unknown) => (data === undefined ? {} : JSON.parse(JSON.stringify(data)))

/**
 * Whether the form's data differs from what it started with: RJSF's own first state, defaults
 * filled in, so an untouched form (or one edited back) is clean. `saving` is set when a valid
 * form is submitted, so the save's own redirect is not held, and cleared when a failed save
 * leaves the form on screen.
 */
function useDirty(busy: boolean) {
  const formRef = useRef<Form>(null)
  const initial = useRef<unknown>(undefined)
  const [edited, setEdited] = useState<unknown>(undefined)
  const saving = useRef(false)
  useEffect(() => {
    initial.current = comparable(formRef.current?.state.formData)
  }, [])
  useEffect(() => {
    if (!busy) saving.current = false
  }, [busy])
  const dirty =
    edited !== undefined &&
    initial.current !== undefined &&
    !deepEquals(comparable(edited), initial.current)
  return { formRef, saving, dirty, changed: (next: unknown) => setEdited(next ?? {}) }
}
