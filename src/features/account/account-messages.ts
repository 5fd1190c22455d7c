// Every text of the Account page in one place.
export const ACCOUNT_MESSAGES = {
  title: 'Account',
  meLoadFailed: 'Error loading your account',
  sessionsLoadFailed: 'Error loading your sessions',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  passwordFailed: 'Failed to change the password. Please try again.',
  passwordTooShort: 'At least 8 characters',
  passwordsDiffer: 'The passwords do not match',
  currentRequired: 'Current password is required',
  sessionRevoked: 'Session signed out',
  revokeFailed: 'Failed to sign out that session. Please try again.',
  twoFactorOn: 'Two-factor authentication is on.',
  twoFactorOff: 'Two-factor authentication is off.',
  twoFactorEnabled: 'Two-factor authentication is on. Keep your recovery codes safe.',
  twoFactorDisabled: 'Two-factor authentication is off.',
  codeFormat: 'Enter the 6 digits your app shows',
  codeRequired: 'Enter a code',
  copied: 'Copied to the clipboard',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
} as const

export const MIN_PASSWORD_LENGTH = 8
