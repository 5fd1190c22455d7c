// Placeholder so the /profile route builds; the Account page (password, sessions, two-factor)
// replaces this file.
import { PageHeader } from '../../components/page-header'

export function AccountPage() {
  return <PageHeader title="Account" />
}
