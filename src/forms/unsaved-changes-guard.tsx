// Asks before a form with unsaved changes is left. In-app navigation (a link, the side menu,
// Cancel, Back) is held by React Router's blocker and confirmed in the app's confirm dialog;
// closing or reloading the tab gets the browser's own `beforeunload` prompt, the only one a
// page may show there. The form says whether it is dirty and when it is leaving on purpose
// (its save's own redirect), which is never held. The dialog's code is fetched only when a
// navigation is held, so form pages stay within their bundle budget.
import { type RefObject, useEffect, useRef } from 'react'
import { useBlocker } from 'react-router-dom'
import { LazyConfirmDialog as ConfirmDialog } from '../components/lazy-confirm-dialog'

export const UNSAVED_CHANGES = {
  title: 'Discard unsaved changes?',
  text: 'The changes you made to this form have not been saved and will be lost.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
}

export interface UnsavedChangesGuardProps {
  dirty: boolean
  /** True while the form's own save is leaving the page: that navigation is never held. */
  saving: RefObject<boolean>
}

export function UnsavedChangesGuard({ dirty, saving }: UnsavedChangesGuardProps) {
  // The blocker runs at navigation time, possibly before React renders again: it reads refs.
  const dirtyNow = useRef(dirty)
  dirtyNow.current = dirty
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current &&
      !saving.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  )
  useEffect(() => {
    if (!dirty) return
    const ask = (event: BeforeUnloadEvent) => {
      if (saving.current) return
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty, saving])
  if (blocker.state !== 'blocked') return null
  return (
    <ConfirmDialog
      open
      title={UNSAVED_CHANGES.title}
      text={UNSAVED_CHANGES.text}
      confirmText={UNSAVED_CHANGES.discard}
      cancelText={UNSAVED_CHANGES.keepEditing}
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  )
}
