import { api } from '../../lib/api-client'
import type { Credentials } from '../../machines/session-machine'

export interface LoginResponse {
  token: string
}

export const authApi = {
  login: (credentials: Credentials) => api.post<LoginResponse>('/auth/login', credentials),
  // No body: the bearer token identifies the session the server revokes.
  logout: () => api.post<void>('/auth/logout'),
  /** An invite or reset link's token and the new password; answers a session like a login. */
  acceptInvite: (body: { inviteToken: string; password: string }) =>
    api.post<LoginResponse>('/auth/invite', body),
}
