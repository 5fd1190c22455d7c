// Enumerations shown as radios, e.g. the pricing type (Fixed / Range).
import { HStack, RadioGroup } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'

export function RadioWidget({
  id,
  value,
  label,
  options,
  disabled,
  readonly,
  onChange,
}: WidgetProps) {
  return (
    <RadioGroup.Root
      id={id}
      aria-label={label}
      value={value ?? null}
      disabled={disabled || readonly}
      onValueChange={(details) => onChange(details.value)}
      colorPalette="teal"
    >
      <HStack gap="6">
        {(options.enumOptions ?? []).map((option) => (
          <RadioGroup.Item key={String(option.value)} value={String(option.value)}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  )
}
