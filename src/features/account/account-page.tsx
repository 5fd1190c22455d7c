// The Account page (/profile), for every operator: change the password, see and revoke their
// sessions, set up or turn off two-factor sign-in.
import { Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { PageHeader } from '../../components/page-header'
import { meQuery } from '../../lib/me'
import { ACCOUNT_MESSAGES } from './account-messages'
import { PasswordSection } from './password-section'
import { SessionsSection } from './sessions-section'
import { TwoFactorSection } from './two-factor-section'

export function AccountPage() {
  const me = useQuery(meQuery)
  const who = me.data ? (
    <>
      Signed in as{' '}
      <Text as="strong" color="fg">
        {me.data.username}
      </Text>{' '}
      ({me.data.role})
    </>
  ) : undefined
  return (
    <>
      <PageHeader title={ACCOUNT_MESSAGES.title} description={who} />
      <Stack gap="6" maxW="3xl">
        <PasswordSection />
        <SessionsSection />
        <TwoFactorSection />
      </Stack>
    </>
  )
}
