import { Box, Flex, Heading, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '../app/use-document-title'
import { Breadcrumbs, type Crumb } from './breadcrumbs'

interface PageHeaderProps {
  /** The h1, which also names the browser tab. */
  title: string
  description?: ReactNode
  actions?: ReactNode
  /** Where the page sits (detail and edit screens): its list, its parents, itself. */
  crumbs?: Crumb[]
}

/** The title row every page in the shell starts with. */
export function PageHeader({ title, description, actions, crumbs }: PageHeaderProps) {
  useDocumentTitle(title)
  return (
    <>
      {crumbs && <Breadcrumbs crumbs={crumbs} />}
      <Flex align={{ base: 'flex-start', sm: 'center' }} gap="4" mb="6" wrap="wrap">
        {/* The title keeps the width of its text (up to the whole row) and never shrinks for the
            buttons: when both do not fit, the buttons wrap below it. Only a word longer than the
            row breaks. */}
        <Box flex="1 0 auto" maxW="full">
          <Heading as="h1" size="2xl" letterSpacing="tight" overflowWrap="break-word">
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
    </>
  )
}
