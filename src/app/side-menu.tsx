import { Box, Icon, Link, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'
import { useMe } from '../lib/me'
import { can, type Right } from '../lib/rights'
import {
  activeMenuPath,
  type MenuGroup,
  type MenuLink,
  menuGroups,
  sectionMenuPath,
  teamGroups,
  visibleGroups,
} from './menu-items'

interface SideMenuProps {
  /** Called after a link is followed (the drawer closes on it). */
  onNavigate?: () => void
}

/**
 * The side menu's links, those the operator's role can use; the same component fills the fixed
 * sidebar and the drawer. The catalogue ("Main menu", the spec's table) and the team are two
 * navigations one above the other.
 */
export function SideMenu({ onNavigate }: SideMenuProps) {
  const current = activeMenuPath(useLocation().pathname)
  const section = sectionMenuPath(current)
  const me = useMe()
  const allowed = (right: Right) => me !== undefined && can(me, right)
  const navs = [
    { label: 'Main menu', groups: visibleGroups(menuGroups, allowed) },
    { label: 'Team menu', groups: visibleGroups(teamGroups, allowed) },
  ]
  return (
    <Box px="2" py="4">
      {navs.map(
        (nav) =>
          nav.groups.length > 0 && (
            <Box as="nav" key={nav.label} aria-label={nav.label} _notFirst={{ mt: '5' }}>
              <Stack gap="5">
                {nav.groups.map((group) => (
                  <MenuSection
                    key={group.title ?? 'top'}
                    group={group}
                    current={current}
                    section={section}
                    onNavigate={onNavigate}
                  />
                ))}
              </Stack>
            </Box>
          ),
      )}
    </Box>
  )
}

interface MenuSectionProps {
  group: MenuGroup
  current: string
  section: string | null
  onNavigate?: () => void
}

function MenuSection({ group, current, section, onNavigate }: MenuSectionProps) {
  const titleId = useId()
  return (
    <Box>
      {group.title && (
        <Text
          id={titleId}
          px="2"
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
            <MenuItem
              link={link}
              active={link.path === current}
              inSection={link.path === section}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </Stack>
    </Box>
  )
}

function MenuItem({
  link,
  active,
  inSection,
  onNavigate,
}: {
  link: MenuLink
  active: boolean
  /** A page below this link (a detail or edit screen) is shown: marked, but not current. */
  inSection: boolean
  onNavigate?: () => void
}) {
  const marked = active || inSection
  // Each label on one line in the spec's 16rem sidebar: "Create Service Provider Category" fits
  // at 13px with this padding, and the mark is colour and fill, not a bolder (wider) weight; a
  // wider font than the usual ones cuts the label short rather than wrapping it.
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      gap="2"
      px="2"
      py="2"
      borderRadius="md"
      fontSize="0.8125rem"
      fontWeight="medium"
      color={marked ? 'teal.fg' : 'fg.muted'}
      bg={active ? 'teal.subtle' : 'transparent'}
      // The section's mark: a bar at the start, without the current page's fill.
      boxShadow={inSection ? 'inset 3px 0 0 var(--chakra-colors-teal-solid)' : undefined}
      data-section={inSection || undefined}
      textDecoration="none"
      _hover={{ bg: active ? 'teal.subtle' : 'bg.muted', color: marked ? 'teal.fg' : 'fg' }}
      focusRing="outside"
    >
      <RouterLink to={link.path} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <Icon as={link.icon} boxSize="4" flexShrink={0} aria-hidden />
        <Text as="span" truncate minW="0">
          {link.label}
        </Text>
      </RouterLink>
    </Link>
  )
}
