import { lazy, Suspense, useEffect, useState } from 'react'
import { useLatch } from '../../lib/use-latch'
import { useCurrentMessage } from './message-store'
import { toasters } from './notify'

// The dialog and toast widgets (about 20 kB gzip of Chakra/Zag code) load with the first message
// or toast, not with the first page; once loaded they stay mounted so closing still animates.
const MessageDialog = lazy(() =>
  import('./message-dialog').then((m) => ({ default: m.MessageDialog })),
)
const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })))

/** Mounted once in the providers so `notify` and `showMessage` work from anywhere. */
export function Messages() {
  const dialogWanted = useLatch(useCurrentMessage() !== undefined)
  const toastsWanted = useToastsWanted()
  return (
    // One boundary each: the dialog loading must not hide toasts on screen, nor the reverse.
    <>
      <Suspense fallback={null}>{toastsWanted && <Toasts />}</Suspense>
      <Suspense fallback={null}>{dialogWanted && <MessageDialog />}</Suspense>
    </>
  )
}

function useToastsWanted(): boolean {
  const [wanted, setWanted] = useState(() => toasters.some((store) => store.getCount() > 0))
  useEffect(() => {
    if (wanted) return
    // The store tells subscribers about a toast before it lists it: any news means one is coming.
    const unsubscribe = toasters.map((store) => store.subscribe(() => setWanted(true)))
    if (toasters.some((store) => store.getCount() > 0)) setWanted(true)
    return () => {
      for (const stop of unsubscribe) stop()
    }
  }, [wanted])
  return wanted
}
