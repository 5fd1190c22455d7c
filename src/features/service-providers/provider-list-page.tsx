// Service providers: filters (email, brand name, status, category) applied with Apply and kept
// in the URL, provider cards, and a pager.
import {
  Badge,
  Button,
  Card,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import { paths } from '../../app/paths'
import { errorText, useErrorToast } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { Pager } from '../../components/pager'
import { StatusBadge } from '../../components/status-badge'
import { indentedLabel, toTreeOptions } from '../../lib/category-tree'
import { useLoad } from '../../lib/use-load'
import { ProviderAvatar } from './provider-avatar'
import { PROVIDER_MESSAGES, providersApi, type ServiceProvider } from './providers-api'
import { useProviderCategories } from './use-provider-categories'

const FILTERS = ['email', 'brandName', 'status', 'category'] as const
type Filters = Record<(typeof FILTERS)[number], string>
const STATUSES = ['all', 'enabled', 'disabled']

/** The status filter defaults to enabled (spec §9); "all" must therefore be explicit. */
function readFilters(params: URLSearchParams): Filters & { page: number } {
  const page = Number(params.get('page'))
  const status = params.get('status') ?? ''
  return {
    email: params.get('email') ?? '',
    brandName: params.get('brandName') ?? '',
    // An unknown status (a mangled link) is the default, not "disabled".
    status: STATUSES.includes(status) ? status : 'enabled',
    category: /^\d+$/.test(params.get('category') ?? '') ? (params.get('category') as string) : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

export function ProviderListPage() {
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const [draft, setDraft] = useState<Filters>(filters)
  const urlKey = params.toString()
  // Back/forward and shared links change the URL: show the filters it holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is the source of truth
  useEffect(() => setDraft(readFilters(params)), [urlKey])

  const choices = toTreeOptions(useProviderCategories())
  const list = useLoad(
    () =>
      providersApi.list({
        email: filters.email || undefined,
        brandName: filters.brandName || undefined,
        enabled: filters.status === 'all' ? undefined : filters.status === 'enabled',
        serviceProviderCategoryId: filters.category ? Number(filters.category) : undefined,
        page: filters.page,
      }),
    urlKey,
  )
  useErrorToast(list.status === 'failed' ? list.error : null, PROVIDER_MESSAGES.listFailed)

  const set = (name: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [name]: value }))
  const apply = (event: FormEvent) => {
    event.preventDefault()
    const next = new URLSearchParams()
    for (const name of FILTERS) {
      const value = draft[name].trim()
      if (value && !(name === 'status' && value === 'enabled')) next.set(name, value)
    }
    setParams(next)
  }
  const goToPage = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    setParams(next)
  }

  return (
    <>
      <PageHeader
        title="Service Providers"
        actions={
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.serviceProviders.create}>
              <Plus aria-hidden /> Add Provider
            </RouterLink>
          </Button>
        }
      />
      <SimpleGrid
        as="form"
        role="search"
        columns={{ base: 1, md: 2, xl: 5 }}
        gap="3"
        mb="6"
        alignItems="end"
        onSubmit={apply}
      >
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input type="search" value={draft.email} onChange={(e) => set('email')(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Brand Name</Field.Label>
          <Input value={draft.brandName} onChange={(e) => set('brandName')(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.status}
              onChange={(e) => set('status')(e.target.value)}
            >
              <option value="all">All</option>
              <option value="enabled">Enabled</option>
              <option value="disabled">Disabled</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Category</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.category}
              onChange={(e) => set('category')(e.target.value)}
            >
              <option value="">All</option>
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
      </SimpleGrid>

      {list.status === 'loading' && <PageSpinner />}
      {list.status === 'failed' && (
        <Text color="fg.error" textAlign="center" py="12">
          {errorText(list.error, PROVIDER_MESSAGES.listFailed)}
        </Text>
      )}
      {list.status === 'ready' && list.data.data.length === 0 && (
        <Text color="fg.muted" textAlign="center" py="12">
          Nothing to see here.
        </Text>
      )}
      {list.status === 'ready' && list.data.data.length > 0 && (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {list.data.data.map((provider) => (
              <ProviderCard key={provider.id} provider={provider} />
            ))}
          </SimpleGrid>
          <Pager pagination={list.data.pagination} onPage={goToPage} />
        </>
      )}
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
