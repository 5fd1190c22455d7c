// A screen the operator's role cannot use (a deep link, a bookmark from before a role change):
// said plainly, inside the shell, with the way back.
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { House, Lock } from 'lucide-react'
import { Link as RouterLink } from 'react-router-dom'
import { paths } from '../../app/paths'
import { useDocumentTitle } from '../../app/use-document-title'
import { useMe } from '../../lib/me'
import { ROLE_LABELS } from '../../lib/rights'

export const ACCESS_DENIED = "You don't have access to this page"

export function AccessDeniedPage() {
  useDocumentTitle(ACCESS_DENIED)
  const me = useMe()
  const role = me ? ` (${ROLE_LABELS[me.role] ?? me.role})` : ''
  return (
    <Center py={{ base: '10', md: '16' }}>
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Center boxSize="14" borderRadius="full" bg="orange.subtle" color="orange.fg">
          <Lock aria-hidden />
        </Center>
        <Heading as="h1" size="2xl">
          {ACCESS_DENIED}
        </Heading>
        <Text color="fg.muted">
          Your role{role} does not allow this screen. If you need it, ask an administrator.
        </Text>
        <Button asChild colorPalette="teal" mt="2">
          <RouterLink to={paths.dashboard}>
            <House aria-hidden /> Back to the dashboard
          </RouterLink>
        </Button>
      </Stack>
    </Center>
  )
}
