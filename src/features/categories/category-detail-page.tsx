// One category: name, ID, parent ID (or None), description, its subcategories, Edit and Delete.
// Each field is named as the spec names it until an analyst gives it another title
// (forms/field-titles.ts).
import { Button, Card, HStack, Link, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { routeId } from '../../app/paths'
import { CustomFieldItems } from '../../components/custom-fields'
import { DetailItem, DetailList } from '../../components/detail-list'
import { HistorySection } from '../../components/history-section'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { categoryPathsQuery } from '../../lib/category-search'
import { useCan } from '../../lib/me'
import { categoriesApi } from './categories-api'
import { CategoryChildren } from './category-children'
import { categoryCustomFields, categoryTitles } from './category-custom-fields'
import { CategoryDeleteButton } from './category-delete-button'
import { CATEGORY_MESSAGES, type CategoryKind } from './category-kinds'

export function CategoryDetailPage({ kind }: { kind: CategoryKind }) {
  const id = routeId(useParams().id)
  const categories = categoriesApi(kind)
  const category = useQuery(categories.get(id))
  // The parent's name, asked for by id.
  const parent = category.data?.data.parent ?? null
  const parentPaths = useQuery(
    categoryPathsQuery(
      categories.source(CATEGORY_MESSAGES.parentsFailed),
      parent === null ? [] : [parent],
    ),
  )
  const parentName = parentPaths.data?.find((match) => match.id === parent)?.name
  const canWrite = useCan('write')
  if (category.isPending) return <PageSpinner />
  if (category.isError) return <PageHeader title={kind.titles.detail} />
  const { data } = category.data
  const titles = categoryTitles(kind)
  return (
    <>
      <PageHeader
        title={data.name}
        description={kind.titles.detail}
        crumbs={[{ label: kind.titles.list, to: kind.routes.list }, { label: data.name }]}
        actions={
          <HStack gap="2" wrap="wrap">
            {canWrite && (
              <Button asChild colorPalette="teal">
                <RouterLink to={kind.routes.edit(data.id)}>
                  <Pencil aria-hidden /> Edit
                </RouterLink>
              </Button>
            )}
            <CategoryDeleteButton kind={kind} id={data.id} />
          </HStack>
        }
      />
      <Card.Root variant="outline" bg="bg.panel" maxW="3xl">
        <Card.Body>
          <DetailList>
            <DetailItem label={titles.label('name', 'Name')}>{data.name}</DetailItem>
            <DetailItem label="ID">{data.id}</DetailItem>
            <DetailItem label={titles.label(kind.parentField, 'Parent ID')}>
              {data.parent === null ? (
                'None'
              ) : (
                <HStack gap="2" wrap="wrap">
                  <Link asChild color="teal.fg" textDecoration="underline">
                    <RouterLink to={kind.routes.detail(data.parent)}>{data.parent}</RouterLink>
                  </Link>
                  {parentName && (
                    <Link asChild color="teal.fg" textDecoration="underline">
                      <RouterLink to={kind.routes.detail(data.parent)}>{parentName}</RouterLink>
                    </Link>
                  )}
                </HStack>
              )}
            </DetailItem>
            <DetailItem label={titles.label('description', 'Description')}>
              <Text whiteSpace="pre-wrap">{data.description}</Text>
            </DetailItem>
            <CategoryChildren kind={kind} id={data.id} />
            <CustomFieldItems fields={categoryCustomFields(kind)} record={data.custom ?? {}} />
          </DetailList>
        </Card.Body>
      </Card.Root>
      <HistorySection
        recordPath={`${kind.apiPath}/${data.id}`}
        titles={titles}
        maxW="3xl"
        etag={category.data.etag}
      />
    </>
  )
}
