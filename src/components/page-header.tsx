import { Box, Flex, Heading, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

interface PageHeaderProps {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
}

/** The title row every page in the shell starts with. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Flex align={{ base: 'flex-start', sm: 'center' }} gap="4" mb="6" wrap="wrap">
      <Box flex="1" minW="0">
        <Heading as="h1" size="2xl" letterSpacing="tight">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" mt="1">
            {description}
          </Text>
        )}
      </Box>
      {actions}
    </Flex>
  )
}
