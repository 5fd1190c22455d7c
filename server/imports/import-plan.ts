// What an import of one collection reads, worked out once per app from the entity's descriptor:
// its columns (the export's, headed as the export heads them, custom fields included, each with
// the reader that takes its cell back), the forms' fields, and the validators of the forms, the
// same JSON Schemas the routes check bodies against.
import type { ValidateFunction } from 'ajv'
import type { FastifyInstance } from 'fastify'
import { formProperties } from '../db/entity-columns'
import type { Db } from '../db/types'
import type { Entity } from '../entity'
import { type CustomFields, customFields } from '../lib/custom-fields'
import { type FieldTitles, titledColumns } from '../lib/field-titles'
import { schemaDefaults } from '../lib/schema-defaults'
import type { Sort } from '../lists/sorts'
import { createBodyValidator } from '../validation'
import { type CellReader, readerForSchema } from './cells'
import type { Body, EntityImport } from './entity-import'

export type Form = 'create' | 'update'

export interface ImportColumn {
  title: string
  /** The body field it fills (`id` for the ID column); none for the export's own columns. */
  field?: string
  read?: CellReader
}

export interface ImportPlan {
  entity: Entity
  how: EntityImport
  custom: CustomFields
  columns: ImportColumn[]
  titles: FieldTitles | undefined
  /** The fields each form takes. */
  fields: Record<Form, Set<string>>
  defaults: Record<Form, Record<string, unknown>>
  validate(form: Form): ValidateFunction
  /** These records as GET shows them (custom fields included), by id, read in a few queries;
   * a record that does not exist is absent. */
  shown(db: Db, ids: number[]): Promise<Map<number, Body>>
}

/** Read by id, in no particular order (the list source's `read` wants a sort). */
const BY_ID: Sort = { field: 'id', columns: [], order: 'asc' }

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function importPlan(app: FastifyInstance, entity: Entity, how: EntityImport): ImportPlan {
  const custom = customFields(app, entity.schemaId, entity.table)
  const document = (app.getSchema(entity.schemaId) ?? {}) as Json
  const own = titledColumns(app, entity.schemaId, entity.export.columns)
  const columns: ImportColumn[] = [
    ...own.map(({ title, field, read }) => ({ title, field, read })),
    ...custom.titled.map(({ name, title }) => ({
      title,
      field: name,
      read: readerForSchema(resolved(document, name)),
    })),
  ]
  // Validators are compiled on the first import, not with every app (tests build hundreds).
  const validators = new Map<Form, ValidateFunction>()
  let compile: ((schema: Json) => ValidateFunction) | undefined
  return {
    entity,
    how,
    custom,
    columns,
    titles: app.fieldTitles(entity.schemaId),
    fields: {
      create: new Set(formProperties(document, 'create').keys()),
      update: new Set(formProperties(document, 'update').keys()),
    },
    defaults: {
      create: schemaDefaults(app, entity.schemaId, 'create'),
      update: schemaDefaults(app, entity.schemaId, 'update'),
    },
    async shown(db, ids) {
      if (ids.length === 0) return new Map()
      const records = await custom.showAll(db, await entity.list.source.read(db, ids, BY_ID))
      return new Map(records.map((record) => [record.id, record as Body]))
    },
    validate(form) {
      let validate = validators.get(form)
      if (!validate) {
        compile ??= createBodyValidator(app.getSchemas() as Record<string, object>)
        validate = compile({ $ref: `${entity.schemaId}#/definitions/${form}` })
        validators.set(form, validate)
      }
      return validate
    },
  }
}

/** A property's own schema, its local `$ref`s followed. */
function resolved(document: Json, name: string): Json {
  let schema: unknown =
    formProperties(document, 'update').get(name) ?? formProperties(document, 'create').get(name)
  for (let depth = 0; depth < 10 && isObject(schema) && typeof schema.$ref === 'string'; depth++) {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document)
    schema = isObject(target) ? { ...schema, $ref: undefined, ...target } : undefined
  }
  return isObject(schema) ? schema : {}
}
