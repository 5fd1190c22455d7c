// The top bar's theme picker: an icon button (sun, moon or screen: the current choice) opening a
// menu of Light, Dark and System as radio items, so it fits beside Logout on a phone and a
// keyboard or screen reader uses it as any menu.
import { Menu, Portal } from '@chakra-ui/react'
import { COLOR_MODES, type ColorModeChoice, useColorMode } from './color-mode'
import { COLOR_MODE_ICONS, ColorModeButton } from './color-mode-button'

export function ColorModeMenu() {
  const { choice, choose } = useColorMode()
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <ColorModeButton />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="10rem">
            <Menu.RadioItemGroup
              value={choice}
              onValueChange={(details) => choose(details.value as ColorModeChoice)}
            >
              <Menu.ItemGroupLabel>Theme</Menu.ItemGroupLabel>
              {COLOR_MODES.map((mode) => {
                const Icon = COLOR_MODE_ICONS[mode.value]
                return (
                  <Menu.RadioItem key={mode.value} value={mode.value}>
                    <Icon />
                    <Menu.ItemText>{mode.label}</Menu.ItemText>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                )
              })}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
