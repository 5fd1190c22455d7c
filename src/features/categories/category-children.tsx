// A category's subcategories on its page (issue 30): the first few by name, each leading to its
// own page, then "and N more" leading to the list filtered by this parent. Asked of the list
// route by its parent filter, one short page: never the whole hierarchy.
import { HStack, Link, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { DetailItem } from '../../components/detail-list'
import { categoriesApi } from './categories-api'
import type { CategoryKind } from './category-kinds'

/** How many subcategories the page names; the list shows the rest. */
export const CHILDREN_SHOWN = 10

export function CategoryChildren({ kind, id }: { kind: CategoryKind; id: number }) {
  const children = useQuery(
    categoriesApi(kind).list({
      parent: id,
      page: 1,
      pageSize: CHILDREN_SHOWN,
      sort: 'name',
      order: 'asc',
    }),
  )
  // Nothing while another category's children still stand in (after following a link here).
  if (!children.isSuccess || children.isPlaceholderData) return null
  const { data, pagination } = children.data
  const more = pagination.total - data.length
  return (
    <DetailItem label="Subcategories">
      {data.length === 0 ? (
        <Text color="fg.muted">No subcategories</Text>
      ) : (
        <HStack as="ul" listStyleType="none" gap="1" columnGap="3" wrap="wrap">
          {data.map((child) => (
            <li key={child.id}>
              <Link asChild color="teal.fg" textDecoration="underline">
                <RouterLink to={kind.routes.detail(child.id)}>{child.name}</RouterLink>
              </Link>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Link asChild color="teal.fg" textDecoration="underline">
                <RouterLink
                  to={`${kind.routes.list}?${new URLSearchParams({ parent: String(id) })}`}
                >
                  and {more} more
                </RouterLink>
              </Link>
            </li>
          )}
        </HStack>
      )}
    </DetailItem>
  )
}
