// A category hierarchy's list: name search and parent filter (applied with Apply, kept in the
// URL), cards that open the category, and a pager.
import {
  Button,
  Card,
  Field,
  Input,
  LinkBox,
  LinkOverlay,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { type FormEvent, useEffect, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import { errorText, useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { Pager } from '../../components/pager'
import { indentedLabel, toTreeOptions } from '../../lib/category-tree'
import { useLoad } from '../../lib/use-load'
import { type Category, categoriesApi } from './categories-api'
import { CATEGORY_MESSAGES, type CategoryKind } from './category-kinds'
import { useCategoryChoices } from './use-category-choices'

const LIST_PAGE_SIZE = 30

/** URL query → API query: `parent` is "none" (top level), an id, or absent (all). A hand-edited
 * URL with any other parent means "all" rather than a request the server must refuse. */
function readFilters(params: URLSearchParams) {
  const raw = params.get('parent') ?? ''
  const parent = raw === 'none' || /^[1-9]\d*$/.test(raw) ? raw : ''
  const page = Number(params.get('page'))
  return {
    name: params.get('name') ?? '',
    parent,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

export function CategoryListPage({ kind }: { kind: CategoryKind }) {
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const [name, setName] = useState(filters.name)
  const [parent, setParent] = useState(filters.parent)
  // Back/forward and shared links change the URL: show the filters it holds.
  useEffect(() => {
    setName(filters.name)
    setParent(filters.parent)
  }, [filters.name, filters.parent])

  const choices = toTreeOptions(useCategoryChoices(kind, kind.messages.parentsFailed))
  const list = useLoad(
    () =>
      categoriesApi(kind).list({
        name: filters.name || undefined,
        parent:
          filters.parent === 'none' ? null : filters.parent ? Number(filters.parent) : undefined,
        page: filters.page,
        pageSize: LIST_PAGE_SIZE,
      }),
    params.toString(),
  )
  useErrorToast(list.status === 'failed' ? list.error : null, CATEGORY_MESSAGES.listFailed)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const next = new URLSearchParams()
    if (name.trim()) next.set('name', name.trim())
    if (parent) next.set('parent', parent)
    setParams(next)
  }
  const goToPage = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    setParams(next)
  }

  return (
    <>
      <PageHeader title={kind.titles.list} />
      <Stack
        as="form"
        direction={{ base: 'column', md: 'row' }}
        align={{ md: 'flex-end' }}
        gap="3"
        mb="6"
        onSubmit={apply}
        role="search"
      >
        <Field.Root flex="2">
          <Field.Label>Search by name</Field.Label>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Category name"
          />
        </Field.Root>
        <Field.Root flex="2">
          <Field.Label>Parent Category</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={parent} onChange={(e) => setParent(e.target.value)}>
              <option value="">{kind.parentFilter.all}</option>
              <option value="none">{kind.parentFilter.none}</option>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value} aria-label={choice.label}>
                  {indentedLabel(choice)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" colorPalette="teal">
          Apply
        </Button>
      </Stack>

      {list.status === 'loading' && <PageSpinner />}
      {list.status === 'ready' && list.data.data.length === 0 && (
        <Text color="fg.muted" textAlign="center" py="12">
          No categories found.
        </Text>
      )}
      {list.status === 'failed' && (
        <Text color="fg.error" textAlign="center" py="12">
          {errorText(list.error, CATEGORY_MESSAGES.listFailed)}
        </Text>
      )}
      {list.status === 'ready' && list.data.data.length > 0 && (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {list.data.data.map((category) => (
              <CategoryCard key={category.id} kind={kind} category={category} />
            ))}
          </SimpleGrid>
          <Pager pagination={list.data.pagination} onPage={goToPage} />
        </>
      )}
    </>
  )
}

function CategoryCard({ kind, category }: { kind: CategoryKind; category: Category }) {
  return (
    <LinkBox as="article">
      <Card.Root
        variant="outline"
        bg="bg.panel"
        h="full"
        _hover={{ borderColor: 'teal.solid', shadow: 'sm' }}
      >
        <Card.Body gap="2">
          <Card.Title>
            <LinkOverlay asChild>
              <RouterLink to={kind.routes.detail(category.id)}>{category.name}</RouterLink>
            </LinkOverlay>
          </Card.Title>
          <Text color="fg.muted" lineClamp={kind.clampDescription ? 2 : undefined}>
            {category.description}
          </Text>
          {category.parent !== null && (
            <Text fontSize="sm" color="fg.subtle">
              Parent ID: {category.parent}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  )
}
