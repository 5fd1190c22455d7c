import { api } from '../../lib/api-client'
import type { Credentials } from '../../machines/session-machine'

export interface LoginResponse {
  token: string
}

export const authApi = {
  login: (credentials: Credentials) => api.post<LoginResponse>('/auth/login', credentials),
  // No body: the bearer token identifies the session the server revokes.
  logout: () => api.post<void>('/auth/logout'),
}
