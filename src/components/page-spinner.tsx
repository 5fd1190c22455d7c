import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react'

/** A centred spinner for lazy pages and loading lists; announced as "Loading". */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center role="status" py="16" aria-live="polite">
      <Spinner size="lg" color="teal.solid" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  )
}
