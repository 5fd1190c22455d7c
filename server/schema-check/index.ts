// The schema checker's core: every mistake in schemas/ that would stop the server, fail its
// requests or be refused by the database, each with its file and place. Pure reading: no
// database, no build; a few hundred milliseconds. The server runs it at start-up; `npm run
// check:schemas`, the build and `npm start` (scripts/schema-check/) run it with the ui schemas'
// check added, which needs the web app's widget catalogue (the server never imports src/).
import { readdirSync } from 'node:fs'
import { checkDataSchema, createStrictAjv } from './data-schema'
import { FORMS } from './form-properties'
import { isObject, type Json, readJsonFile } from './json-file'
import { pointer, type SchemaProblem } from './problem'
import { checkStorage } from './storage'

export type { SchemaProblem } from './problem'
export { formatReport } from './problem'

/** Checks one ui schema file against its data schema (scripts/schema-check/ui-schema.ts). */
export type UiSchemaCheck = (file: string, ui: unknown, doc: Json) => SchemaProblem[]

export interface SchemaCheck {
  problems: SchemaProblem[]
  /** "product.json: sku" for every field stored as a custom field. */
  customFields: string[]
}

/**
 * Every mistake in the schema files of `dir`. Without `checkUiSchema`, the ui schemas (which the
 * server does not read) are only parsed: broken JSON there stops the server too.
 */
export function checkSchemas(dir: string, checkUiSchema?: UiSchemaCheck): SchemaCheck {
  const problems: SchemaProblem[] = []
  const parsed = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => readJsonFile(dir, file))
  const documents = new Map<string, Json>()
  const uiFiles: Array<{ file: string; json: unknown }> = []
  for (const entry of parsed) {
    if ('problem' in entry) problems.push(entry.problem)
    else if (entry.file.endsWith('.ui.json')) uiFiles.push(entry)
    else if (!isObject(entry.json)) problems.push(notAnObject(entry.file))
    else documents.set(entry.file.replace(/\.json$/, ''), entry.json)
  }
  const documentsById = new Map(
    [...documents.values()].map((doc) => [String(doc.$id), doc] as const),
  )
  const ajv = createStrictAjv()
  for (const [name, doc] of documents) {
    problems.push(...checkDataSchema(`${name}.json`, doc, documentsById, ajv))
  }
  for (const { file, json } of uiFiles) {
    if (!checkUiSchema) break
    const doc = documents.get(file.replace(/\.ui\.json$/, ''))
    const dataFile = file.replace(/\.ui\.json$/, '.json')
    if (doc) problems.push(...checkUiSchema(file, json, doc))
    else if (!parsed.some((entry) => entry.file === dataFile))
      problems.push({
        file,
        where: pointer([]),
        message: `there is no data schema ${dataFile} for this ui schema.`,
      })
  }
  // Only on sound data files: what Ajv itself refuses (as the server and the build would meet
  // it), then what the database columns would refuse.
  const uiOnly = problems.every((p) => p.file.endsWith('.ui.json'))
  if (!uiOnly) return { problems, customFields: [] }
  problems.push(...compileForms(documents, ajv))
  const storage = checkStorage(documentsById)
  // A built-in field given a type its column refuses is one mistake: the widget that no longer
  // suits it would only repeat it.
  const repeated = (p: SchemaProblem) =>
    storage.retyped.some((field) => {
      const [file, name] = field.split(': ')
      return (
        p.file === file.replace(/\.json$/, '.ui.json') &&
        new RegExp(`^/[^/]+/${name}/ui:widget$`).test(p.where) &&
        p.message.includes(' widget edits ')
      )
    })
  return {
    problems: [...problems.filter((p) => !repeated(p)), ...storage.problems],
    customFields: storage.customFields,
  }
}

function compileForms(documents: Map<string, Json>, ajv: ReturnType<typeof createStrictAjv>) {
  const problems: SchemaProblem[] = []
  for (const doc of documents.values()) ajv.addSchema(doc)
  for (const [name, doc] of documents) {
    const definitions = isObject(doc.definitions) ? doc.definitions : {}
    for (const form of FORMS.filter((f) => f in definitions)) {
      try {
        ajv.compile({ $ref: `${String(doc.$id)}#/definitions/${form}` })
      } catch (error) {
        const reason = (error as Error).message.replace(/^strict mode: /, '')
        problems.push({
          file: `${name}.json`,
          where: pointer(['definitions', form]),
          message: `the ${form} form cannot be compiled: ${reason}.`,
        })
      }
    }
  }
  return problems
}

const notAnObject = (file: string): SchemaProblem => ({
  file,
  where: pointer([]),
  message: 'a schema file must hold one object { "$id": …, "definitions": … }.',
})
