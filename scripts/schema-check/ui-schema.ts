// Checks of a ui schema file (e.g. product.ui.json) against its data schema and the widget
// catalogue: names in "ui:order" and field keys must be fields of the form, "ui:widget" must be
// a catalogued widget that suits the field, and "ui:options" must be options that widget reads.

import { type FormName, formsOf, resolvedFields } from '../../server/schema-check/form-properties'
import { isObject, type Json } from '../../server/schema-check/json-file'
import {
  didYouMean,
  listWords,
  pointer,
  type SchemaProblem,
} from '../../server/schema-check/problem'
import {
  COMMON_FIELD_OPTIONS,
  defaultWidget,
  FORM_OPTIONS,
  type WidgetEntry,
  type WidgetName,
  widgetCatalogue,
} from '../../src/forms/widget-catalogue'

const catalogue: Record<string, WidgetEntry> = widgetCatalogue
const WIDGETS = Object.keys(catalogue)
const FORM_UI_KEYS = [
  'ui:order',
  'ui:options',
  'ui:submitButtonOptions',
  'ui:title',
  'ui:description',
]
const SUBMIT_OPTIONS = ['submitText', 'busyText']
const JSON_TYPES: unknown[] = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']

export function checkUiSchema(file: string, ui: unknown, doc: Json): SchemaProblem[] {
  const problems: SchemaProblem[] = []
  const report = (path: Array<string | number>, message: string) =>
    problems.push({ file, where: pointer(path), message })
  if (!isObject(ui)) {
    report([], 'a ui schema must be an object { "common": …, "create": …, "update": … }.')
    return problems
  }
  const forms = formsOf(doc)
  const fields = new Map(forms.map((form) => [form, resolvedFields(doc, form)]))
  const parts = ['common', ...forms]
  for (const [part, content] of Object.entries(ui)) {
    if (!parts.includes(part)) {
      report(
        [part],
        `"${part}" is not a part of a ui schema; the parts are ${listWords(parts)}${didYouMean(part, parts)}.`,
      )
    } else if (!isObject(content)) {
      report([part], `"${part}" must be an object { … }.`)
    } else {
      const partForms = part === 'common' ? forms : [part as FormName]
      const names = new Set(partForms.flatMap((form) => [...(fields.get(form)?.keys() ?? [])]))
      const formWords = part === 'common' ? 'any form' : `the ${part} form`
      const notAField = (name: string) =>
        `"${name}" is not a field of ${formWords}${didYouMean(name, names)}; the fields are ${listWords([...names])}.`
      for (const [key, value] of Object.entries(content)) {
        const at = [part, key]
        if (key === 'ui:order') {
          if (!Array.isArray(value)) report(at, '"ui:order" must be a list of field names.')
          else
            value.forEach((name, i) => {
              if (name !== '*' && !names.has(String(name)))
                report(
                  [...at, i],
                  `${notAField(String(name))} A misspelt name here breaks the form.`,
                )
            })
          if (Array.isArray(value) && value.filter((n) => n === '*').length > 1)
            report(at, '"ui:order" may hold "*" only once.')
        } else if (key === 'ui:submitButtonOptions') {
          unknownKeys(value, SUBMIT_OPTIONS, (k) =>
            report(
              [...at, k],
              `"${k}" is not a submit button option; the options are ${listWords(SUBMIT_OPTIONS)}${didYouMean(k, SUBMIT_OPTIONS)}.`,
            ),
          )
        } else if (key === 'ui:options') {
          const options = Object.keys(FORM_OPTIONS)
          unknownKeys(value, options, (k) =>
            report(
              [...at, k],
              `"${k}" is not an option of a whole form; the options are ${listWords(options)}${didYouMean(k, options)}.`,
            ),
          )
          sectionFields(value).forEach(([s, f, name]) => {
            if (!names.has(name)) report([...at, 'sections', s, 'fields', f], notAField(name))
          })
        } else if (key.startsWith('ui:')) {
          if (!FORM_UI_KEYS.includes(key))
            report(at, `"${key}" is not a ui key of a whole form${didYouMean(key, FORM_UI_KEYS)}.`)
        } else if (!names.has(key)) {
          report(at, notAField(key))
        } else {
          const schemas = partForms
            .map((form) => fields.get(form)?.get(key)?.schema)
            .filter(isObject)
          const commonUi = isObject(ui.common) && isObject(ui.common[key]) ? ui.common[key] : {}
          problems.push(...checkField(file, at, value, commonUi, schemas[0] ?? {}))
        }
      }
    }
  }
  problems.push(...missingFromOrder(file, ui, forms, fields))
  return problems
}

/** One field's ui: its widget, that widget's options, its other "ui:" keys. */
function checkField(
  file: string,
  at: string[],
  fieldUi: unknown,
  commonUi: Json,
  schema: Json,
): SchemaProblem[] {
  const problems: SchemaProblem[] = []
  const report = (path: Array<string | number>, message: string) =>
    problems.push({ file, where: pointer(path), message })
  if (!isObject(fieldUi)) {
    report(at, `the ui of "${at[1]}" must be an object { "ui:title": … }.`)
    return problems
  }
  const named = fieldUi['ui:widget'] ?? commonUi['ui:widget']
  let widget: WidgetName = defaultWidget(schema)
  if (named !== undefined) {
    if (typeof named !== 'string' || !WIDGETS.includes(named)) {
      if ('ui:widget' in fieldUi)
        report(
          [...at, 'ui:widget'],
          `"${String(named)}" is not a widget${didYouMean(String(named), WIDGETS)}; the widgets are ${listWords(WIDGETS)}.`,
        )
      return problems
    }
    widget = named as WidgetName
    // A misspelt type is reported by the data schema's check; judge only real types here.
    const types = [schema.type].flat().filter((t) => JSON_TYPES.includes(t) && t !== 'null')
    const suits = catalogue[widget].types
    if (
      'ui:widget' in fieldUi &&
      types.length > 0 &&
      !types.some((t) => suits.includes(String(t)))
    ) {
      report(
        [...at, 'ui:widget'],
        `the "${widget}" widget edits ${suits.join(' or ')} fields, but "${at[1]}" is ${types.join(' or ')}.`,
      )
    }
  }
  const own = Object.keys(catalogue[widget].options)
  const allowed = [...Object.keys(COMMON_FIELD_OPTIONS), ...own]
  const unknown = (k: string) =>
    `"${k}" is not an option of the "${widget}" widget${didYouMean(k, allowed)}; ${own.length ? `its own options are ${listWords(own)}` : 'it has no options of its own'} (see docs/analysts.md).`
  unknownKeys(fieldUi['ui:options'], allowed, (k) => report([...at, 'ui:options', k], unknown(k)))
  for (const key of Object.keys(fieldUi)) {
    if (key === 'ui:widget' || key === 'ui:options') continue
    const name = key.startsWith('ui:') ? key.slice(3) : undefined
    if (name === undefined)
      report(
        [...at, key],
        `"${key}" is not a ui key; ui keys start with "ui:"${didYouMean(
          `ui:${key}`,
          allowed.map((k) => `ui:${k}`),
        )}.`,
      )
    else if (!allowed.includes(name)) report([...at, key], unknown(key))
  }
  return problems
}

/** RJSF cannot draw a form whose "ui:order" leaves a field out without a "*". */
function missingFromOrder(
  file: string,
  ui: Json,
  forms: FormName[],
  fields: Map<FormName, Map<string, unknown>>,
): SchemaProblem[] {
  const missing = new Map<string, FormName[]>() // "part name" → the forms that lose it
  for (const form of forms) {
    const own = isObject(ui[form]) ? ui[form] : {}
    const part = 'ui:order' in own ? form : 'common'
    const order = (isObject(ui[part]) ? ui[part] : {})['ui:order']
    if (!Array.isArray(order) || order.includes('*')) continue
    for (const name of fields.get(form)?.keys() ?? []) {
      if (!order.includes(name))
        missing.set(`${part} ${name}`, [...(missing.get(`${part} ${name}`) ?? []), form])
    }
  }
  return [...missing].map(([key, lost]) => {
    const [part, name] = key.split(' ')
    return {
      file,
      where: pointer([part, 'ui:order']),
      message: `"ui:order" leaves out "${name}" of the ${lost.join(' and ')} form${lost.length > 1 ? 's' : ''}, so the form cannot be shown; add "${name}" to the list, or end the list with "*" (every other field).`,
    }
  })
}

function unknownKeys(value: unknown, allowed: string[], report: (key: string) => void) {
  if (isObject(value)) for (const key of Object.keys(value)) if (!allowed.includes(key)) report(key)
}

/** [section index, field index, name] of every field a "sections" option names. */
function sectionFields(options: unknown): Array<[number, number, string]> {
  if (!isObject(options) || !Array.isArray(options.sections)) return []
  return options.sections.flatMap((section, s) =>
    isObject(section) && Array.isArray(section.fields)
      ? section.fields.map((name, f): [number, number, string] => [s, f, String(name)])
      : [],
  )
}
