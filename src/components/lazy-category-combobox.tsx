// The category picker as forms and list filters use it: its code (about 12 kB gzip, and Zag's
// popper beside it) loads with the first form or filter panel that shows a picker, so forms
// without one (a product image's) never download it, and a list paints before it arrives (on a
// phone its filters are folded away meanwhile).
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
