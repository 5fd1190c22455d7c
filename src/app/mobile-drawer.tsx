import { CloseButton, Drawer, Portal } from '@chakra-ui/react'
import { Brand } from './brand-mark'
import { SideMenu } from './side-menu'

interface MobileDrawerProps {
  open: boolean
  onClose: () => void
  onBackdrop: () => void
  onLinkFollowed: () => void
}

/** The side menu as a slide-in drawer for screens under 768 px. */
export function MobileDrawer({ open, onClose, onBackdrop, onLinkFollowed }: MobileDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      placement="start"
      lazyMount
      unmountOnExit
      // While the drawer is open the page beneath ignores the pointer, so a click on the
      // dimmed area reaches Chakra as an "interaction outside" the drawer: the backdrop.
      onInteractOutside={onBackdrop}
      // Escape and any other dismissal Chakra knows of count as the close button.
      onOpenChange={(details) => !details.open && onClose()}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="16rem">
            <Drawer.Header borderBottomWidth="1px" px="4" py="3.5">
              <Drawer.Title>
                <Brand />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild top="3" insetEnd="3">
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
            <Drawer.Body px="0" py="0">
              <SideMenu onNavigate={onLinkFollowed} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
