import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { useDocumentTitle } from '../../app/use-document-title'

/** Shown when a page throws while rendering or its code fails to load (e.g. after a deploy). */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong')
  return (
    <Center as="main" minH="100dvh" px="4" bg="bg.subtle">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">The page could not be shown. Reloading usually helps.</Text>
        <Button colorPalette="teal" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  )
}
