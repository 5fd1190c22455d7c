// The confirm dialog as the pages use it: its code (Chakra's dialog, its portal and focus
// machinery, about 15 kB gzip) is fetched when it first opens, so a list or a record page does
// not download it before its first paint on a slow network. Once opened it stays mounted, so it
// closes with its own animation.
import { lazy, Suspense } from 'react'
import { useLatch } from '../lib/use-latch'
import type { ConfirmDialogProps } from './confirm-dialog'

const Loaded = lazy(async () => ({ default: (await import('./confirm-dialog')).ConfirmDialog }))

export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!useLatch(props.open)) return null
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  )
}
