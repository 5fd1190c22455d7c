import { Flex, Image, Text } from '@chakra-ui/react'
import { LOGO_URL, PRODUCT_NAME } from './brand'

/**
 * The product logo and name, as in the top bar and the drawer header. `compact`: the name only
 * from 480 px up, leaving a phone's top bar room for who is signed in (the drawer names it).
 */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Flex as="span" align="center" gap="2.5" minW="0">
      <Image src={LOGO_URL} alt={`${PRODUCT_NAME} logo`} boxSize="8" flexShrink={0} />
      <Text
        as="span"
        fontWeight="semibold"
        fontSize="md"
        letterSpacing="tight"
        truncate
        hideBelow={compact ? 'sm' : undefined}
      >
        {PRODUCT_NAME}
      </Text>
    </Flex>
  )
}
