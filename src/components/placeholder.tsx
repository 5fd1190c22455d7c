import { Box, type BoxProps } from '@chakra-ui/react'

/** A muted block where content is still loading (Chakra's Skeleton would add a recipe to every
 * page's styles for this one use). */
export function Placeholder(props: BoxProps) {
  return <Box bg="bg.muted" borderRadius="md" aria-hidden {...props} />
}
