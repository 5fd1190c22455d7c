// A field's name outside its form (issue 27, point 3): the one place the detail pages, the
// history and the list tables ask what to call a field. The name is the ui schema's `ui:title`
// in `common` (a `ui:title` under `create` or `update` labels that form only), else the data
// schema's `title`, else the key made readable ("weightKg" → "Weight kg"). Reads the JSON files
// only (no form library), like custom-fields.ts.
//
// A screen that shows a built-in field keeps its own wording ("Estimated Delivery", the table's
// short "Brand") while the field has the title the product ships with (`shipped`), so the
// spec's texts stay exact; once an analyst gives the field another title, the screen says it.
// A custom field has no wording of its own: it is always called by its title.
import { follow, isObject, type Json } from './custom-fields'

/** A key as a label: `estimatedDeliveryDays` → "Estimated delivery days". */
export function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export interface FieldTitles {
  /** The field's name: `ui:title` in `common`, else `title`, else the readable key. */
  title(key: string): string
  /**
   * What a screen calls a field it would otherwise call `usual`: `usual` while a built-in field
   * keeps its shipped title, the field's title once renamed (and always for a custom field).
   * `key` may be a name the API uses for the field (`aliases`: `productCategories`).
   */
  label(key: string, usual: string): string
}

/** The property's schema in either form (`$ref`s followed), else its definition, else {}. */
function propertyOf(doc: Json, key: string): Json {
  const definitions = isObject(doc.definitions) ? doc.definitions : {}
  for (const form of ['create', 'update']) {
    const properties = follow(doc, definitions[form]).properties
    if (isObject(properties) && isObject(properties[key])) return follow(doc, properties[key])
  }
  return follow(doc, definitions[key])
}

/**
 * The titles of one entity's fields. `shipped`: its built-in fields (by schema key) and the
 * title each ships with; `aliases`: names the API gives some of them (history, records) →
 * their schema key.
 */
export function fieldTitles(
  docJson: unknown,
  uiJson: unknown,
  shipped: Readonly<Record<string, string>>,
  aliases: Readonly<Record<string, string>> = {},
): FieldTitles {
  const doc = docJson as Json
  const ui = (uiJson ?? {}) as Record<string, Json | undefined>
  const common = ui.common ?? {}
  const title = (name: string): string => {
    const key = aliases[name] ?? name
    const own = isObject(common[key]) ? common[key] : {}
    const given = own['ui:title'] ?? propertyOf(doc, key).title
    return typeof given === 'string' && given.trim() ? given.trim() : humanise(name)
  }
  return {
    title,
    label(name, usual) {
      const key = aliases[name] ?? name
      if (!Object.hasOwn(shipped, key)) return title(name)
      const now = title(name)
      return now === shipped[key] ? usual : now
    },
  }
}
