export type MessageKind = 'error' | 'success' | 'warning' | 'info'

// The spec shows the kind itself as the title of every message, dialog or toast.
export const messageTitles: Record<MessageKind, string> = {
  error: 'Error',
  success: 'Success',
  warning: 'Warning',
  info: 'Info',
}
