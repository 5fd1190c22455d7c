// Service providers: live filters (email, brand name, person's name, phone, status, category), a
// sort, provider cards or a table, and a pager with a page size; all but the view kept in the
// URL.
import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import { paths } from '../../app/paths'
import { useBulkSelection } from '../../components/bulk-selection'
import {
  customFilterNames,
  customFilterQuery,
  listedFields,
  MISSING_PARAM,
  missableFields,
  missingQuery,
  withCustomSorts,
} from '../../components/custom-list-fields'
import { ExportCsv } from '../../components/export-csv'
import {
  CategoryFilterField,
  FilterActions,
  FilterPanel,
  StatusFilterField,
  TextFilterField,
} from '../../components/filter-fields'
import { ImportCsv } from '../../components/import-csv'
import { PageHeader } from '../../components/page-header'
import { PagedList } from '../../components/paged-list'
import { StatusBadge } from '../../components/status-badge'
import { useFilterDraft } from '../../components/use-filter-draft'
import { LIST_PARAMS, useListParams } from '../../components/use-list-params'
import { useCan } from '../../lib/me'
import { ProviderAvatar } from './provider-avatar'
import { providerCustomFields } from './provider-custom-fields'
import { ProviderTable, providerDefaultSort, providerSortFields } from './provider-table'
import {
  PROVIDER_MESSAGES,
  providerBulk,
  providersApi,
  type ServiceProvider,
} from './providers-api'

const FILTERS = ['email', 'brandName', 'personName', 'phone', 'status', 'category'] as const
type Filters = Record<(typeof FILTERS)[number], string>
const STATUSES = ['all', 'enabled', 'disabled']
/** What the API's phone filter takes: at most 40 characters, at least one digit, and only what
 * numbers are written with. */
const PHONE_TEXT = /^(?=.{1,40}$)[ ()+./-]*[0-9][0-9 ()+./-]*$/
const phoneError = (phone: string) =>
  phone.trim() === '' || PHONE_TEXT.test(phone.trim())
    ? undefined
    : PROVIDER_MESSAGES.phoneFilterInvalid

/** The custom fields the provider schema marks sortable or filterable (issue 27). */
const listed = listedFields(providerCustomFields, [...FILTERS, ...LIST_PARAMS])
const sortFields = withCustomSorts(providerSortFields, listed)
const missable = missableFields(providerCustomFields)

/** The status filter defaults to enabled (spec §9); "all" must therefore be explicit. */
function readFilters(params: URLSearchParams): Filters {
  const status = params.get('status') ?? ''
  const phone = params.get('phone') ?? ''
  return {
    email: params.get('email') ?? '',
    brandName: params.get('brandName') ?? '',
    personName: params.get('personName') ?? '',
    // A phone the API would refuse (a mangled link) is no filter.
    phone: phoneError(phone) ? '' : phone,
    // An unknown status (a mangled link) is the default, not "disabled".
    status: STATUSES.includes(status) ? status : 'enabled',
    category: /^\d+$/.test(params.get('category') ?? '') ? (params.get('category') as string) : '',
  }
}

export function ProviderListPage() {
  const [params] = useSearchParams()
  const listParams = useListParams(sortFields, providerDefaultSort)
  const filters = readFilters(params)
  const { draft, set, apply, clear, filtered, active } = useFilterDraft({
    filters,
    names: FILTERS,
    typed: ['email', 'brandName', 'personName', 'phone'],
    defaults: { status: 'enabled' },
    isValid: (values) => phoneError(values.phone) === undefined,
    others: [...customFilterNames(listed), MISSING_PARAM],
  })

  const query = {
    email: filters.email || undefined,
    brandName: filters.brandName || undefined,
    personName: filters.personName || undefined,
    phone: filters.phone || undefined,
    enabled: filters.status === 'all' ? undefined : filters.status === 'enabled',
    serviceProviderCategoryId: filters.category ? Number(filters.category) : undefined,
    ...customFilterQuery(params, listed),
    ...missingQuery(params, missable),
  }
  const listOptions = providersApi.list({ ...query, ...listParams.query })
  const list = useQuery(listOptions)
  const selection = useBulkSelection(providerBulk, query, list.data?.pagination)
  const canWrite = useCan('write')

  return (
    <>
      <PageHeader
        title="Service Providers"
        actions={
          canWrite && (
            <Button asChild colorPalette="teal">
              <RouterLink to={paths.serviceProviders.create}>
                <Plus aria-hidden /> Add Provider
              </RouterLink>
            </Button>
          )
        }
      />
      <FilterPanel active={active} custom={listed} missable={missable}>
        <SimpleGrid
          as="form"
          role="search"
          // Two rows of four on a wide screen, Apply and Clear filters after the category.
          templateColumns={{
            base: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(4, minmax(0, 1fr))',
          }}
          gap="3"
          alignItems="end"
          onSubmit={apply}
        >
          <TextFilterField
            label="Email"
            type="search"
            value={draft.email}
            onChange={set('email')}
          />
          <TextFilterField label="Brand Name" value={draft.brandName} onChange={set('brandName')} />
          <TextFilterField
            label="Person's Name"
            value={draft.personName}
            onChange={set('personName')}
          />
          <TextFilterField
            label="Phone Number"
            type="tel"
            value={draft.phone}
            onChange={set('phone')}
            error={phoneError(draft.phone)}
          />
          <StatusFilterField value={draft.status} onChange={set('status')} />
          <CategoryFilterField
            label="Category"
            value={draft.category}
            onChange={set('category')}
            source={providersApi.categories}
            allLabel="All"
          />
          <FilterActions filtered={filtered} onClear={clear} />
        </SimpleGrid>
      </FilterPanel>

      <PagedList
        name="service-providers"
        list={list}
        params={listParams}
        actions={
          <>
            <ExportCsv list={listOptions} />
            <ImportCsv list={listOptions} refreshes={providerBulk.refreshes} />
          </>
        }
        sortFields={sortFields}
        failedText={PROVIDER_MESSAGES.listFailed}
        emptyText="Nothing to see here."
        trash={paths.serviceProviders.trash}
        cards={(providers) => (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {providers.map((provider) => (
              <ProviderCard key={provider.id} provider={provider} />
            ))}
          </SimpleGrid>
        )}
        table={(providers, sort) => (
          <ProviderTable
            providers={providers}
            {...sort}
            selection={selection}
            custom={listed}
            sortFields={sortFields}
          />
        )}
      />
    </>
  )
}

const MAX_BADGES = 2

function ProviderCard({ provider }: { provider: ServiceProvider }) {
  const name = `${provider.firstName} ${provider.lastName}`
  const categories = provider.serviceProviderCategories
  return (
    <Card.Root as="article" variant="outline" bg="bg.panel" aria-label={name}>
      <Card.Body gap="3">
        <HStack gap="3" align="center">
          <ProviderAvatar provider={provider} />
          <Stack gap="0" flex="1" minW="0">
            <Card.Title truncate>{name}</Card.Title>
            <Text color="fg.muted" truncate>
              {provider.brandName}
            </Text>
          </Stack>
          <StatusBadge enabled={provider.enabled} />
        </HStack>
        <Stack gap="0.5" fontSize="sm">
          <Text truncate>{provider.email}</Text>
          <Text color="fg.muted">
            {provider.city}, {provider.state}
          </Text>
        </Stack>
        {categories.length > 0 && (
          <HStack gap="1.5" wrap="wrap">
            {categories.slice(0, MAX_BADGES).map((category) => (
              <Badge key={category.id} colorPalette="teal" variant="outline">
                {category.name}
              </Badge>
            ))}
            {categories.length > MAX_BADGES && (
              <Badge variant="subtle">+{categories.length - MAX_BADGES} more</Badge>
            )}
          </HStack>
        )}
      </Card.Body>
      <Card.Footer>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.serviceProviders.detail(provider.id)} aria-label={`View ${name}`}>
            View
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}
