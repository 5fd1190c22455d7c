// The widgets an analyst may name in a ui schema ("ui:widget": "money") and the "ui:options"
// each one reads. Plain data, the one source of truth: the theme registers a component for
// every theme widget here (checked by the type of `themeWidgets`), `npm run check:schemas`
// refuses any other name or option, and docs/analysts.md describes the same list.

export interface WidgetEntry {
  /** 'theme': our own component (src/forms/widgets); 'rjsf': RJSF's, drawn by our templates. */
  source: 'theme' | 'rjsf'
  /** The JSON Schema types of the fields it can edit. */
  types: readonly string[]
  description: string
  /** Its own "ui:options" keys and what each does. */
  options: Readonly<Record<string, string>>
}

/** Options every field accepts, whichever its widget (also written as "ui:<name>"). */
export const COMMON_FIELD_OPTIONS: Readonly<Record<string, string>> = {
  title: 'the label (same as "ui:title")',
  description: 'a line under the label (same as "ui:description")',
  help: 'help text under the field (same as "ui:help")',
  placeholder: 'grey text in an empty input (same as "ui:placeholder")',
  autocomplete: "the browser's autofill hint, e.g. given-name, email, tel",
  autofocus: 'put the cursor in this field when the form opens',
  disabled: 'shown but not editable',
  readonly: 'shown but not editable',
  emptyValue: 'the value sent when the input is left empty',
  label: 'false hides the label',
  enumNames: 'labels for the options of an enum, in the same order',
  classNames: 'CSS classes of the field',
}

/** Keys of a whole form's ui schema (besides "ui:order"). */
export const FORM_OPTIONS: Readonly<Record<string, string>> = {
  sections: 'titled groups of fields: [{ "title": "…", "fields": ["name", …] }]',
}

export const widgetCatalogue = {
  text: {
    source: 'rjsf',
    types: ['string', 'number', 'integer'],
    description: 'a one-line input (the default for text and numbers)',
    options: {
      inputType: 'the input type: text, email, tel, url, number…',
      step: 'for numbers: the step of the arrows, e.g. 0.1',
    },
  },
  updown: {
    source: 'rjsf',
    types: ['number', 'integer'],
    description: 'a number input with arrows',
    options: { step: 'the step of the arrows, e.g. 0.1' },
  },
  email: { source: 'rjsf', types: ['string'], description: 'an email input', options: {} },
  uri: { source: 'rjsf', types: ['string'], description: 'a web address input', options: {} },
  date: { source: 'rjsf', types: ['string'], description: 'a date picker', options: {} },
  select: {
    source: 'theme',
    types: ['string', 'number', 'integer'],
    description: 'a drop-down of the enum options (the default for an enum)',
    options: {},
  },
  hidden: {
    source: 'rjsf',
    types: ['string', 'number', 'integer', 'boolean'],
    description: 'not shown; the value is still sent',
    options: {},
  },
  checkbox: {
    source: 'rjsf',
    types: ['boolean'],
    description: 'the same switch as "switch" (the default for yes/no)',
    options: {},
  },
  switch: { source: 'theme', types: ['boolean'], description: 'an on/off switch', options: {} },
  textarea: {
    source: 'theme',
    types: ['string'],
    description: 'a text box of several lines',
    options: { rows: 'how many lines it shows (default 4)' },
  },
  radio: {
    source: 'theme',
    types: ['string', 'number', 'integer', 'boolean'],
    description: 'the options of an enum as radio buttons, side by side',
    options: {},
  },
  money: {
    source: 'theme',
    types: ['number'],
    description: 'an amount in naira with a ₦ sign and kobo steps',
    options: {},
  },
  parentSelect: {
    source: 'theme',
    types: ['integer'],
    description: 'picks a parent category, searched by name and shown with its full path',
    options: { noneLabel: 'the text of the "no parent" choice (default "None")' },
  },
  categoryChips: {
    source: 'theme',
    types: ['array'],
    description: 'picks several categories, searched by name, shown as removable chips',
    options: { emptyText: 'the text shown while none is picked' },
  },
  cropper: {
    source: 'theme',
    types: ['string'],
    description: 'picks and crops an image (on the image screens only)',
    options: {
      aspect: 'the width / height ratio of the crop, e.g. 1.3333333333',
      minZoom: 'the smallest zoom',
      maxZoom: 'the largest zoom',
      requiredMessage: 'the error shown when no image is cropped',
    },
  },
} as const satisfies Record<string, WidgetEntry>

export type WidgetName = keyof typeof widgetCatalogue
/** The widgets the theme draws with its own components. */
export type ThemeWidgetName = {
  [K in WidgetName]: (typeof widgetCatalogue)[K]['source'] extends 'theme' ? K : never
}[WidgetName]

/** The widget RJSF picks for a field that names none. */
export function defaultWidget(schema: { type?: unknown; enum?: unknown }): WidgetName {
  if (Array.isArray(schema.enum)) return 'select'
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.includes('boolean')) return 'checkbox'
  return 'text'
}
