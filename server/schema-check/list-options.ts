// `"ui:options": { "sortable": true, "filterable": true }`, written where a custom field's rules
// are (e.g. `definitions.sku` of product.json): the field is offered as a sort and a filter of
// its entity's lists, in the API and the web app (server/lists/custom-list.ts). An annotation:
// the server's Ajv and the schema checker know the keyword and check its shape; it validates
// nothing.
import type { KeywordDefinition } from 'ajv'

export const LIST_OPTIONS_KEYWORD: KeywordDefinition = {
  keyword: 'ui:options',
  metaSchema: {
    type: 'object',
    properties: { sortable: { type: 'boolean' }, filterable: { type: 'boolean' } },
    additionalProperties: false,
  },
}
