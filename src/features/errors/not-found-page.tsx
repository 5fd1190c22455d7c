import { Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { ArrowLeft, House } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router-dom'
import { paths } from '../../app/paths'
import { useDocumentTitle } from '../../app/use-document-title'

/** /not-found and every unknown path (spec §2). */
export function NotFoundPage() {
  useDocumentTitle('Page not found')
  const navigate = useNavigate()
  const location = useLocation()
  // The router's first entry has key 'default': there is no page of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate(paths.dashboard) : navigate(-1))

  return (
    <Center as="main" minH="100dvh" px="4" bg="bg.subtle">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="teal.fg" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <HStack gap="3" mt="2">
          <Button variant="outline" onClick={goBack}>
            <ArrowLeft /> Go Back
          </Button>
          <Button colorPalette="teal" onClick={() => navigate(paths.dashboard)}>
            <House /> Go Home
          </Button>
        </HStack>
      </Stack>
    </Center>
  )
}
