import { Box, Icon, Link, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'
import { activeMenuPath, type MenuGroup, type MenuLink, menuGroups } from './menu-items'

interface SideMenuProps {
  /** Called after a link is followed (the drawer closes on it). */
  onNavigate?: () => void
}

/** The side menu's links; the same component fills the fixed sidebar and the drawer. */
export function SideMenu({ onNavigate }: SideMenuProps) {
  const current = activeMenuPath(useLocation().pathname)
  return (
    <Box as="nav" aria-label="Main menu" px="3" py="4">
      <Stack gap="5">
        {menuGroups.map((group) => (
          <MenuSection
            key={group.title ?? 'top'}
            group={group}
            current={current}
            onNavigate={onNavigate}
          />
        ))}
      </Stack>
    </Box>
  )
}

interface MenuSectionProps {
  group: MenuGroup
  current: string
  onNavigate?: () => void
}

function MenuSection({ group, current, onNavigate }: MenuSectionProps) {
  const titleId = useId()
  return (
    <Box>
      {group.title && (
        <Text
          id={titleId}
          px="3"
          mb="1.5"
          fontSize="xs"
          fontWeight="semibold"
          letterSpacing="wide"
          textTransform="uppercase"
          color="fg.subtle"
        >
          {group.title}
        </Text>
      )}
      <Stack
        as="ul"
        gap="0.5"
        listStyleType="none"
        aria-labelledby={group.title ? titleId : undefined}
      >
        {group.links.map((link) => (
          <li key={link.path}>
            <MenuItem link={link} active={link.path === current} onNavigate={onNavigate} />
          </li>
        ))}
      </Stack>
    </Box>
  )
}

function MenuItem({
  link,
  active,
  onNavigate,
}: {
  link: MenuLink
  active: boolean
  onNavigate?: () => void
}) {
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      px="3"
      py="2"
      borderRadius="md"
      fontSize="sm"
      fontWeight={active ? 'semibold' : 'medium'}
      color={active ? 'teal.fg' : 'fg.muted'}
      bg={active ? 'teal.subtle' : 'transparent'}
      textDecoration="none"
      _hover={{ bg: active ? 'teal.subtle' : 'bg.muted', color: active ? 'teal.fg' : 'fg' }}
      focusRing="outside"
    >
      <RouterLink to={link.path} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <Icon as={link.icon} boxSize="4" flexShrink={0} aria-hidden />
        {link.label}
      </RouterLink>
    </Link>
  )
}
