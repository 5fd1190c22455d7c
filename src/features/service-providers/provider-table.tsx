// Service providers as a table: avatar, name, brand, email, phone, categories and status,
// sortable by name and brand; and the sorts both views offer.
import { paths } from '../../app/paths'
import type { BulkSelection } from '../../components/bulk-selection'
import { customColumns, type ListedField } from '../../components/custom-list-fields'
import { type Column, DataTable } from '../../components/data-table'
import type { SortProps } from '../../components/paged-list'
import { StatusBadge } from '../../components/status-badge'
import {
  NAME_SORT,
  NEWEST_SORT,
  type SortChoice,
  type SortFields,
} from '../../components/use-list-params'
import { ProviderAvatar } from './provider-avatar'
import { providerTitles as titles } from './provider-custom-fields'
import type { ServiceProvider } from './providers-api'

export const providerSortFields: SortFields = {
  newest: NEWEST_SORT,
  name: NAME_SORT,
  brandName: { order: 'asc', asc: 'Brand (A–Z)', desc: 'Brand (Z–A)' },
}

export const providerDefaultSort: SortChoice = { sort: 'newest', order: 'desc' }

const columns: Column<ServiceProvider>[] = [
  {
    header: 'Avatar',
    width: '4rem',
    render: (provider) => <ProviderAvatar provider={provider} size="md" />,
  },
  {
    header: 'Name',
    sort: 'name',
    width: '18%',
    minWidth: '8rem',
    text: (provider) => `${provider.firstName} ${provider.lastName}`,
    link: (provider) => paths.serviceProviders.detail(provider.id),
  },
  {
    header: titles.label('brandName', 'Brand'),
    sort: 'brandName',
    width: '18%',
    minWidth: '8rem',
    text: (provider) => provider.brandName,
  },
  {
    header: titles.label('email', 'Email'),
    width: '22%',
    minWidth: '10rem',
    text: (provider) => provider.email,
  },
  {
    header: titles.label('phoneNumber', 'Phone'),
    width: '9rem',
    text: (provider) => provider.phoneNumber,
  },
  {
    header: titles.label('serviceProviderCategoryIds', 'Category'),
    text: (provider) =>
      provider.serviceProviderCategories.map((category) => category.name).join(', '),
  },
  {
    header: titles.label('enabled', 'Status'),
    width: '6rem',
    render: (provider) => <StatusBadge enabled={provider.enabled} />,
  },
]

interface ProviderTableProps extends SortProps {
  providers: ServiceProvider[]
  selection: BulkSelection
  /** The list's marked custom fields, as columns after the others (the sorts include theirs). */
  custom?: readonly ListedField[]
  sortFields?: SortFields
}

export function ProviderTable(props: ProviderTableProps) {
  const { providers, selection, custom = [], sortFields, ...sort } = props
  return (
    <DataTable
      label="Service providers"
      columns={
        custom.length === 0 ? columns : [...columns, ...customColumns<ServiceProvider>(custom)]
      }
      rows={providers}
      rowKey={(provider) => provider.id}
      sortFields={sortFields ?? providerSortFields}
      selection={selection}
      {...sort}
    />
  )
}
