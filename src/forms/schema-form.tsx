// A form rendered from a schema file: Chakra theme, precompiled validator, plain-words errors,
// and a submit button whose text follows the form's busy state ('Create Category' /
// 'Creating . . .'). Both texts come from the ui schema's "ui:submitButtonOptions". Leaving
// the form with unsaved changes asks first (unsaved-changes-guard.tsx): whether it is dirty, and
// whether its own save is leaving the page, is the form edit machine's
// (src/machines/form-edit-machine.ts), told of the page's form-submit machine through `busy`.
import { Button, HStack, Text } from '@chakra-ui/react'
import type Form from '@rjsf/core'
import { withTheme } from '@rjsf/core'
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react'
import { formEditMachine } from '../machines/form-edit-machine'
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
  /** Says beside the disabled submit button what enables it (its accessible description). */
  submitHint?: string
  /** What the page lends its widgets, e.g. `{ cropper }` for the cropper slot. */
  formContext?: Record<string, unknown>
  /**
   * Drop data the schema does not describe before validating and submitting (default true).
   * RJSF's pruning misses fields that only an `allOf` → `$ref` → `if/then` describes (the
   * product's price fields), so such forms turn it off and keep their data exact themselves.
   */
  omitExtraData?: boolean
  /**
   * Fields already edited when the form starts (a newer version loaded under the operator's
   * edits, lib/merge-edits.ts), with the values they were edited from: the form is dirty while
   * they differ.
   */
  editedFrom?: Record<string, unknown>
}

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, validator, formData, busy, onSubmit, onChange, actions } = props
  const { submitDisabled = false, submitHint, formContext, omitExtraData = true } = props
  const { editedFrom } = props
  const hintId = useId()
  const hint = submitDisabled && !busy ? submitHint : undefined
  // RJSF re-derives its data from the `formData` prop whenever any prop changes (busy, choices
  // loaded), so a fixed prop would wipe the operator's edits the moment Save is pressed. The
  // form's own data is held here and handed back, so RJSF always sees its latest state.
  const [data, setData] = useState(formData)
  const dirty = useDirty(busy, editedFrom)
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
        dirty.submitted()
        onSubmit(event.formData as T)
      }}
    >
      <UnsavedChangesGuard dirty={dirty.dirty} saving={dirty.saving} />
      <HStack gap="3" mt="2" wrap="wrap">
        <Button
          type="submit"
          colorPalette="teal"
          disabled={busy || submitDisabled}
          aria-busy={busy}
          aria-describedby={hint ? hintId : undefined}
        >
          {busy ? (buttonOptions.busyText ?? 'Saving . . .') : (buttonOptions.submitText ?? 'Save')}
        </Button>
        {actions}
        {hint && (
          <Text id={hintId} fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        )}
      </HStack>
    </ThemedForm>
  )
}

/**
 * Whether the form's data differs from what it started with: RJSF's own first state, defaults
 * filled in, so an untouched form (or one edited back) is clean. `saving` holds from a valid
 * submit until the page's save is no longer busy, so the save's own redirect is not held and a
 * failed save that leaves the form on screen guards it again. Both are the form edit machine's.
 */
function useDirty(busy: boolean, editedFrom?: Record<string, unknown>) {
  const formRef = useRef<Form>(null)
  const actor = useActorRef(formEditMachine)
  const dirty = useSelector(actor, (state) => state.hasTag('dirty'))
  // Read once, as the form starts: a form loaded with kept edits starts from what they replace.
  const startedFrom = useRef(editedFrom)
  useEffect(() => {
    const data = formRef.current?.state.formData
    actor.send({ type: 'form.load', data: { ...(data ?? {}), ...startedFrom.current } })
    if (startedFrom.current) actor.send({ type: 'form.change', data })
  }, [actor])
  useEffect(() => {
    if (!busy) actor.send({ type: 'save.settled' })
  }, [actor, busy])
  // The guard asks at navigation time, possibly before React renders again: it reads the actor.
  const saving = useMemo<RefObject<boolean>>(
    () => ({
      get current() {
        return actor.getSnapshot().hasTag('saving')
      },
    }),
    [actor],
  )
  return {
    formRef,
    saving,
    dirty,
    changed: (data: unknown) => actor.send({ type: 'form.change', data }),
    submitted: () => actor.send({ type: 'form.submit' }),
  }
}
