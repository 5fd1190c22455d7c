// Booleans such as Enabled: a switch whose hidden checkbox carries RJSF's id and the label.
import { Switch } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'

export function SwitchWidget({ id, value, label, disabled, readonly, onChange }: WidgetProps) {
  return (
    <Switch.Root
      ids={{ hiddenInput: id }}
      checked={Boolean(value)}
      disabled={disabled || readonly}
      onCheckedChange={(details) => onChange(details.checked)}
      colorPalette="teal"
    >
      {/* A switch to assistive technology too, as it looks, not a plain checkbox. */}
      <Switch.HiddenInput role="switch" />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  )
}
