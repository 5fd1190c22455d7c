import { IconButton, type IconButtonProps } from '@chakra-ui/react'
import { Monitor, Moon, Sun } from 'lucide-react'
import { useColorMode } from './color-mode'

export const COLOR_MODE_ICONS = { light: Sun, dark: Moon, system: Monitor }

/** The theme menu's trigger: the current choice's icon (sun, moon or screen). */
export function ColorModeButton(props: IconButtonProps) {
  const Current = COLOR_MODE_ICONS[useColorMode().choice]
  return (
    <IconButton aria-label="Theme" variant="ghost" size="sm" {...props}>
      <Current />
    </IconButton>
  )
}
