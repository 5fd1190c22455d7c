// The category picker as forms use it: its code (about 12 kB gzip) loads with the first form that
// shows a picker, so forms without one (a product image's) never download it.
import { Spinner } from '@chakra-ui/react'
import { type ComponentProps, lazy, Suspense } from 'react'
import type { CategoryCombobox } from './category-combobox'

const Loaded = lazy(async () => ({
  default: (await import('./category-combobox')).CategoryCombobox,
}))

export function LazyCategoryCombobox(props: ComponentProps<typeof CategoryCombobox>) {
  return (
    <Suspense fallback={<Spinner size="sm" />}>
      <Loaded {...props} />
    </Suspense>
  )
}
