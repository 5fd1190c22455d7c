// Turns ajv's terse messages ("must match pattern \"\\S\"") into plain words shown beside fields.
import type { RJSFValidationError, UiSchema } from '@rjsf/utils'

// Branch failures of if/then/else repeat what the field errors already say.
const NOISE = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf'])

export function plainMessage(error: RJSFValidationError): string {
  const params = (error.params ?? {}) as Record<string, unknown>
  switch (error.name) {
    case 'required':
      return 'This field is required.'
    case 'minLength':
      return params.limit === 1
        ? 'This field must not be blank.'
        : `Use at least ${params.limit} characters.`
    case 'maxLength':
      return `Use at most ${params.limit} characters.`
    case 'pattern':
      if (params.pattern === '\\S') return 'This field must not be blank.'
      return 'This value is not in the expected format.'
    case 'format':
      return params.format === 'email' ? 'Enter a valid email address.' : 'This value is not valid.'
    case 'minimum':
      return `Must be at least ${params.limit}.`
    case 'maximum':
      return `Must be at most ${params.limit}.`
    case 'exclusiveMinimum':
      return `Must be more than ${params.limit}.`
    case 'multipleOf':
      return params.multipleOf === 0.01
        ? 'Use at most two decimal places.'
        : `Must be a multiple of ${params.multipleOf}.`
    case 'type':
      return String(params.type).includes('integer')
        ? 'Enter a whole number.'
        : String(params.type).includes('number')
          ? 'Enter a number.'
          : 'This value is not valid.'
    case 'enum':
      return 'Choose one of the options.'
    case 'uniqueItems':
      return 'Each item may appear only once.'
    case 'maxItems':
      return `Choose at most ${params.limit}.`
    default:
      return error.message ?? 'This value is not valid.'
  }
}

/**
 * A field's own text for a missing value, from its ui schema:
 * `"ui:options": { "requiredMessage": "Please select and crop an image" }`.
 */
function requiredMessage(error: RJSFValidationError, uiSchema?: UiSchema): string | undefined {
  if (error.name !== 'required' || !uiSchema) return undefined
  let ui: UiSchema | undefined = uiSchema
  for (const key of (error.property ?? '').split('.').filter(Boolean)) {
    ui = ui?.[key] as UiSchema | undefined
  }
  const message = (ui?.['ui:options'] as { requiredMessage?: unknown } | undefined)?.requiredMessage
  return typeof message === 'string' ? message : undefined
}

export function transformErrors(
  errors: RJSFValidationError[],
  uiSchema?: UiSchema,
): RJSFValidationError[] {
  return errors
    .filter((error) => !NOISE.has(error.name ?? ''))
    .map((error) => {
      const message = requiredMessage(error, uiSchema) ?? plainMessage(error)
      return { ...error, message, stack: message }
    })
}
