// Where a detail or edit screen sits: its list, the records above it, and itself (the last
// crumb, marked as the current page).
import { Breadcrumb, Text } from '@chakra-ui/react'
import { Fragment } from 'react'
import { Link as RouterLink } from 'react-router-dom'

export interface Crumb {
  label: string
  /** Absent on the last crumb: the page itself. */
  to?: string
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumb.Root mb="3" size="sm">
      <Breadcrumb.List flexWrap="wrap">
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.to ?? crumb.label}>
            {index > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item minW="0">
              {crumb.to ? (
                <Breadcrumb.Link asChild color="teal.fg">
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                // The page itself: marked as current, with no link to follow.
                <Text as="span" aria-current="page" color="fg" fontWeight="medium" truncate>
                  {crumb.label}
                </Text>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  )
}
