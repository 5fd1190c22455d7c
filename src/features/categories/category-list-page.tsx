// A category hierarchy's list: name search and parent filter (applied live, kept in the URL), a
// sort, cards or a table that open the category, and a pager with a page size.
import {
  Card,
  Field,
  HStack,
  Input,
  Link,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import { type BulkSelection, useBulkSelection } from '../../components/bulk-selection'
import {
  customColumns,
  customFilterNames,
  customFilterQuery,
  type ListedField,
  listedFields,
  MISSING_PARAM,
  missableFields,
  missingQuery,
  withCustomSorts,
} from '../../components/custom-list-fields'
import { type Column, DataTable } from '../../components/data-table'
import { ExportCsv } from '../../components/export-csv'
import { CategoryFilterField, FilterActions, FilterPanel } from '../../components/filter-fields'
import { ImportCsv } from '../../components/import-csv'
import { PageHeader } from '../../components/page-header'
import { PagedList, type SortProps } from '../../components/paged-list'
import { useFilterDraft } from '../../components/use-filter-draft'
import {
  LIST_PARAMS,
  NAME_SORT,
  NEWEST_SORT,
  type SortChoice,
  type SortFields,
  useListParams,
} from '../../components/use-list-params'
import { categoryPathsQuery } from '../../lib/category-search'
import { type Category, categoriesApi } from './categories-api'
import { categoryCustomFields, categoryTitles } from './category-custom-fields'
import { CATEGORY_MESSAGES, type CategoryKind } from './category-kinds'

const ownSortFields: SortFields = {
  name: NAME_SORT,
  newest: NEWEST_SORT,
}
const byName: SortChoice = { sort: 'name', order: 'asc' }

/** The custom fields the kind's schema marks sortable or filterable (issue 27), and its sorts. */
function listedOf(kind: CategoryKind) {
  const reserved = ['name', 'parent', kind.parentField, ...LIST_PARAMS]
  const listed = listedFields(categoryCustomFields(kind), reserved)
  const missable = missableFields(categoryCustomFields(kind))
  return { listed, missable, sortFields: withCustomSorts(ownSortFields, listed) }
}
const listedByKind = new Map<string, ReturnType<typeof listedOf>>()
const listedFor = (kind: CategoryKind) => {
  if (!listedByKind.has(kind.apiPath)) listedByKind.set(kind.apiPath, listedOf(kind))
  return listedByKind.get(kind.apiPath) as ReturnType<typeof listedOf>
}

/** URL query → API query: `parent` is "none" (top level), an id, or absent (all). A hand-edited
 * URL with any other parent means "all" rather than a request the server must refuse. */
function readFilters(params: URLSearchParams) {
  const raw = params.get('parent') ?? ''
  const parent = raw === 'none' || /^[1-9]\d*$/.test(raw) ? raw : ''
  return { name: params.get('name') ?? '', parent }
}

export function CategoryListPage({ kind }: { kind: CategoryKind }) {
  const [params] = useSearchParams()
  const { listed, missable, sortFields } = listedFor(kind)
  const listParams = useListParams(sortFields, byName)
  const filters = readFilters(params)
  const { draft, set, apply, clear, filtered, active } = useFilterDraft({
    filters,
    names: ['name', 'parent'],
    typed: ['name'],
    others: [...customFilterNames(listed), MISSING_PARAM],
  })

  const categories = categoriesApi(kind)
  const source = categories.source(kind.messages.parentsFailed)
  const query = {
    name: filters.name || undefined,
    parent: filters.parent === 'none' ? null : filters.parent ? Number(filters.parent) : undefined,
    custom: { ...customFilterQuery(params, listed), ...missingQuery(params, missable) },
  }
  const listOptions = categories.list({ ...query, ...listParams.query })
  const list = useQuery(listOptions)
  const selection = useBulkSelection(
    categories.bulk,
    categories.filterQuery(query),
    list.data?.pagination,
  )
  // The names of this page's parents, asked for by id (never the whole hierarchy).
  const parentIds = (list.data?.data ?? []).flatMap((row) =>
    row.parent === null ? [] : [row.parent],
  )
  const parents = useQuery(categoryPathsQuery(source, parentIds))
  const names = new Map((parents.data ?? []).map((parent) => [parent.id, parent.name]))

  return (
    <>
      <PageHeader title={kind.titles.list} />
      <FilterPanel active={active} custom={listed} missable={missable}>
        <Stack
          as="form"
          direction={{ base: 'column', md: 'row' }}
          align={{ md: 'flex-end' }}
          gap="3"
          onSubmit={apply}
          role="search"
        >
          <Field.Root flex="2">
            <Field.Label>Search by name</Field.Label>
            <Input
              value={draft.name}
              onChange={(e) => set('name')(e.target.value)}
              placeholder="Category name"
            />
          </Field.Root>
          <CategoryFilterField
            label="Parent Category"
            value={draft.parent}
            onChange={set('parent')}
            source={source}
            allLabel={kind.parentFilter.all}
            extras={[{ value: 'none', label: kind.parentFilter.none }]}
            flex="2"
          />
          <FilterActions filtered={filtered} onClear={clear} />
        </Stack>
      </FilterPanel>

      <PagedList
        name={kind.apiPath}
        list={list}
        params={listParams}
        actions={
          <>
            <ExportCsv list={listOptions} />
            <ImportCsv list={listOptions} refreshes={categories.bulk.refreshes} />
          </>
        }
        sortFields={sortFields}
        failedText={CATEGORY_MESSAGES.listFailed}
        emptyText="No categories found."
        trash={kind.routes.trash}
        cards={(categories) => (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {categories.map((category) => (
              <CategoryCard
                key={category.id}
                kind={kind}
                category={category}
                parentName={category.parent === null ? undefined : names.get(category.parent)}
              />
            ))}
          </SimpleGrid>
        )}
        table={(categories, sort) => (
          <CategoryTable
            kind={kind}
            categories={categories}
            names={names}
            selection={selection}
            custom={listed}
            sortFields={sortFields}
            {...sort}
          />
        )}
      />
    </>
  )
}

interface CategoryCardProps {
  kind: CategoryKind
  category: Category
  /** Shown beside the Parent ID once the hierarchy's names are loaded. */
  parentName?: string
}

function CategoryCard({ kind, category, parentName }: CategoryCardProps) {
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
            <HStack gap="1.5" fontSize="sm" color="fg.subtle" wrap="wrap">
              <Text>Parent ID: {category.parent}</Text>
              {parentName && (
                // Above the card's overlay link, so it opens the parent, not this category.
                <Link asChild color="teal.fg" position="relative" zIndex="1">
                  {/* Named apart from the parent's own card, whose link is its bare name. */}
                  <RouterLink
                    to={kind.routes.detail(category.parent)}
                    aria-label={`Parent: ${parentName}`}
                  >
                    {parentName}
                  </RouterLink>
                </Link>
              )}
            </HStack>
          )}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  )
}

interface CategoryTableProps extends SortProps {
  kind: CategoryKind
  categories: Category[]
  /** The hierarchy's names by id, for the parent column. */
  names: Map<number, string>
  selection: BulkSelection
  /** The marked custom fields, as columns after the others (the sorts include theirs). */
  custom: readonly ListedField[]
  sortFields: SortFields
}

function CategoryTable(props: CategoryTableProps) {
  const { kind, categories, names, selection, custom, sortFields, ...sort } = props
  const titles = categoryTitles(kind)
  const columns: Column<Category>[] = [
    {
      header: titles.label('name', 'Name'),
      sort: 'name',
      width: '30%',
      minWidth: '10rem',
      text: (category) => category.name,
      link: (category) => kind.routes.detail(category.id),
    },
    {
      header: titles.label('description', 'Description'),
      minWidth: '12rem',
      text: (category) => category.description,
    },
    {
      header: titles.label(kind.parentField, 'Parent'),
      width: '25%',
      text: ({ parent }) =>
        parent === null ? '' : `${parent}${names.has(parent) ? ` · ${names.get(parent)}` : ''}`,
    },
    ...customColumns<Category>(custom, (category, name) => category.custom?.[name]),
  ]
  return (
    <DataTable
      label={kind.titles.list}
      columns={columns}
      rows={categories}
      rowKey={(category) => category.id}
      sortFields={sortFields}
      selection={selection}
      {...sort}
    />
  )
}
