// Loading a newer version of a record under an edit form (issue 31): what the other operator
// changed, field by field, and the form's data once the new version is loaded. Three versions
// of the form's data: `opened` (the record as the form was opened on it), `mine` (what the form
// holds now) and `theirs` (the record as it is now). A field the operator did not edit takes
// theirs; an edit of a field they did not change stays as typed; a field both changed to
// different values takes theirs (decision 027: the save must never overwrite a colleague's value
// the operator has not seen), and is reported with what the operator had typed, to type again.
// Pure functions over plain JSON data, compared by the form's own rule (form-edit-machine.ts).
import { comparable, sameData } from '../machines/form-edit-machine'

export type FormData = Record<string, unknown>

/** A field the other operator changed, as the notice lists it. */
export interface TheirChange {
  field: string
  before: unknown
  after: unknown
  /** The operator edited this field too, to something else: loading replaces their edit. */
  clash: boolean
  /** What the operator typed in this field (when they edited it). */
  mine?: unknown
}

export interface MergedEdits {
  /** The form's data with the new version loaded. */
  data: FormData
  /** Fields whose edits stay as typed. */
  kept: string[]
  /** Fields both changed: theirs is loaded; `mine` is what the operator had typed. */
  clashes: Array<{ field: string; mine: unknown }>
  /** The kept fields' values in the new version: the form is still dirty while they differ. */
  editedFrom: FormData
}

const same = (a: unknown, b: unknown) => sameData(comparable(a ?? null), comparable(b ?? null))

const fieldsOf = (...versions: FormData[]) => [
  ...new Set(versions.flatMap((version) => Object.keys(version))),
]

/** The fields `theirs` changed since `opened`, each with whether it clashes with `mine`. */
export function theirChanges(opened: FormData, mine: FormData, theirs: FormData): TheirChange[] {
  return fieldsOf(opened, theirs)
    .filter((field) => !same(opened[field], theirs[field]))
    .map((field) => {
      const edited = !same(opened[field], mine[field])
      const clash = edited && !same(mine[field], theirs[field])
      const change = { field, before: opened[field], after: theirs[field], clash }
      return edited ? { ...change, mine: mine[field] } : change
    })
}

/** The form's data once `theirs` is loaded under the operator's edits (see the top). */
export function mergeEdits(opened: FormData, mine: FormData, theirs: FormData): MergedEdits {
  const merged: MergedEdits = { data: {}, kept: [], clashes: [], editedFrom: {} }
  for (const field of fieldsOf(opened, mine, theirs)) {
    const edited = !same(opened[field], mine[field])
    const changed = !same(opened[field], theirs[field])
    const keep = edited && !changed && !same(mine[field], theirs[field])
    if (edited && changed && !same(mine[field], theirs[field])) {
      merged.clashes.push({ field, mine: mine[field] })
    }
    if (keep) {
      merged.kept.push(field)
      merged.editedFrom[field] = theirs[field]
    }
    const value = keep ? mine[field] : theirs[field]
    if (value !== undefined) merged.data[field] = value
  }
  return merged
}
