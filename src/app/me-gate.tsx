// The shell shows nothing role-dependent until it knows who is signed in: a viewer never sees a
// Create button flash by, an administrator never sees one appear late.
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { PageSpinner } from '../components/page-spinner'
import { errorText, isApiError } from '../lib/api-client'
import { meQuery } from '../lib/me'

export function MeGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery)
  if (me.isSuccess) return children
  if (me.isPending) return <PageSpinner />
  // A 401 has already ended the session: /login is on its way.
  if (isApiError(me.error) && me.error.status === 401) return null
  return (
    <Center minH="100dvh" px="4">
      <Stack gap="3" align="center" textAlign="center" maxW="md" role="alert">
        <Heading as="h1" size="xl">
          Your account could not be loaded
        </Heading>
        <Text color="fg.muted">{errorText(me.error, 'Error loading data')}</Text>
        <Button colorPalette="teal" loading={me.isFetching} onClick={() => void me.refetch()}>
          Try again
        </Button>
      </Stack>
    </Center>
  )
}
