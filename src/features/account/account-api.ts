// The signed-in operator's own account (contract: "Me"): who they are, their password, their
// sessions and two-factor sign-in. Reads are query options for the query layer; writes are plain
// calls the page wraps in mutations or gives the two-factor machine as its effects.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import { pathKey } from '../../lib/query-client'
import type { TwoFactorSecret } from '../../machines/two-factor-setup-machine'
import { ACCOUNT_MESSAGES } from './account-messages'

export interface OperatorSession {
  /** The session's public id (never its token). */
  id: string | number
  createdAt: string
  lastUsedAt: string | null
  userAgent: string | null
  current: boolean
}

export interface PasswordChange {
  currentPassword: string
  newPassword: string
}

export const sessionsQuery = queryOptions({
  queryKey: pathKey('/me/sessions'),
  queryFn: () => api.get<OperatorSession[]>('/me/sessions'),
  meta: { errorText: ACCOUNT_MESSAGES.sessionsLoadFailed },
})

export const accountApi = {
  changePassword: (change: PasswordChange) => api.put<void>('/me/password', change),
  revokeSession: (id: OperatorSession['id']) =>
    api.delete<void>(`/me/sessions/${encodeURIComponent(String(id))}`),
  startTwoFactor: () => api.post<TwoFactorSecret>('/me/two-factor'),
  confirmTwoFactor: (code: string) =>
    api.post<{ recoveryCodes: string[] }>('/me/two-factor/confirm', { code }),
  disableTwoFactor: (code: string) => api.delete<void>('/me/two-factor', undefined, { code }),
}
