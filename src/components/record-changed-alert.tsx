// Above an edit form whose record changed elsewhere (issue 31, lib/use-edit-record.ts): who
// changed it, what changed, Load the new version, and the note of what loading kept; or a save's
// 412 (StaleRecordAlert). What it shows is loaded once there is something to show
// (record-changed-notices.tsx), with the fields' titles, so an edit page stays light.
import { type ComponentType, lazy, Suspense } from 'react'
import type { FieldNames, RecordChangedState } from './record-changed-notices'

type Notices = ComponentType<{ edit: RecordChangedState<unknown> }>

/**
 * The notices of one page, loaded with its field titles the first time they are shown (one
 * `lazy` per page, made once at the top of the page's module).
 */
export function lazyNotices(titles: () => Promise<FieldNames>): Notices {
  return lazy(async () => {
    const [{ RecordChangedNotices }, names] = await Promise.all([
      import('./record-changed-notices'),
      titles(),
    ])
    return { default: ({ edit }) => <RecordChangedNotices edit={edit} titles={names} /> }
  })
}

export function RecordChangedAlert<T>(props: {
  edit: RecordChangedState<T>
  /** The page's `lazyNotices`. */
  notices: Notices
}) {
  const { edit, notices: Loaded } = props
  if (!edit.newer && !edit.stale && !edit.merged) return null
  return (
    <Suspense fallback={null}>
      <Loaded edit={edit as RecordChangedState<unknown>} />
    </Suspense>
  )
}
