// A native select of the three roles: a keyboard and a screen reader use it as they know how.
import { NativeSelect } from '@chakra-ui/react'
import { ROLE_LABELS, ROLES, type Role } from '../../lib/rights'

interface RoleSelectProps {
  value: Role
  onChange: (role: Role) => void
  disabled?: boolean
  /** The accessible name where no visible label sits beside it (a table cell). */
  ariaLabel?: string
  size?: 'sm' | 'md'
}

export function RoleSelect({ value, onChange, disabled, ariaLabel, size = 'md' }: RoleSelectProps) {
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as Role)}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
