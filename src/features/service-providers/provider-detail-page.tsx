// One provider: photo or initials, contact details, address, brand logo and about text,
// categories, status, and the View Products, Edit and Delete buttons. Each field keeps its label
// here until an analyst gives it another title (forms/field-titles.ts).
import { Box, Button, Card, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Package, Pencil } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { ApiImage } from '../../components/api-image'
import { Breadcrumbs } from '../../components/breadcrumbs'
import { CategoryBadges } from '../../components/category-badges'
import { CustomFieldItems } from '../../components/custom-fields'
import { DetailItem, DetailList } from '../../components/detail-list'
import { EmailText } from '../../components/email-text'
import { HistorySection } from '../../components/history-section'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { StatusBadge } from '../../components/status-badge'
import { useCan } from '../../lib/me'
import { ProviderAvatar } from './provider-avatar'
import { providerCustomFields, providerTitles as titles } from './provider-custom-fields'
import { ProviderDeleteButton } from './provider-delete-button'
import { providerImagePaths, providersApi } from './providers-api'

export function ProviderDetailPage() {
  const id = routeId(useParams().id)
  const record = useQuery(providersApi.get(id))
  const canWrite = useCan('write')
  if (record.isPending) return <PageSpinner />
  if (record.isError) return <PageHeader title="Service Provider" />
  const provider = record.data.data
  const name = `${provider.firstName} ${provider.lastName}`
  return (
    <>
      {/* Above the avatar, not beside it with the title. */}
      <Breadcrumbs
        crumbs={[{ label: 'Service Providers', to: paths.serviceProviders.list }, { label: name }]}
      />
      <HStack gap="4" mb="6" align="center" wrap="wrap">
        <ProviderAvatar provider={provider} size="2xl" />
        {/* Beside the avatar while the name's longest word fits there, else below it (a phone):
            the name breaks only where it is wider than the whole row. */}
        <Box flex="1 1 min-content" minW="0">
          <PageHeader
            title={name}
            description={
              <HStack as="span" gap="2" wrap="wrap">
                <span>{provider.brandName}</span>
                <StatusBadge enabled={provider.enabled} />
              </HStack>
            }
            actions={
              <HStack gap="2" wrap="wrap">
                <Button asChild variant="outline">
                  <RouterLink to={paths.serviceProviders.products(provider.id)}>
                    <Package aria-hidden /> View Products
                  </RouterLink>
                </Button>
                {canWrite && (
                  <Button asChild colorPalette="teal">
                    <RouterLink to={paths.serviceProviders.edit(provider.id)}>
                      <Pencil aria-hidden /> Edit
                    </RouterLink>
                  </Button>
                )}
                <ProviderDeleteButton record={record.data} />
              </HStack>
            }
          />
        </Box>
      </HStack>
      <Stack gap="4" maxW="4xl">
        <Section title="Contact Details">
          <DetailList>
            <DetailItem label={titles.label('email', 'Email')}>
              <Text>
                <EmailText email={provider.email} />
              </Text>
            </DetailItem>
            <DetailItem label={titles.label('phoneNumber', 'Phone Number')}>
              {provider.phoneNumber}
            </DetailItem>
            <DetailItem label="Address">
              <Text>{provider.addressLine1}</Text>
              {provider.addressLine2 && <Text>{provider.addressLine2}</Text>}
              <Text>
                {provider.city}, {provider.state}
              </Text>
            </DetailItem>
          </DetailList>
        </Section>
        <Section title="Brand">
          <HStack gap="4" align="flex-start">
            {provider.hasBrandLogo && (
              <ApiImage
                path={providerImagePaths.brandLogo(provider.id)}
                alt={`${provider.brandName} logo`}
                fallback={null}
                render={(src, alt) => (
                  <Image src={src} alt={alt} boxSize="24" rounded="md" objectFit="cover" />
                )}
              />
            )}
            <Stack gap="1" flex="1" minW="0" overflowWrap="anywhere">
              <Text fontWeight="semibold">{provider.brandName}</Text>
              <Text whiteSpace="pre-wrap" color="fg.muted">
                {provider.about}
              </Text>
            </Stack>
          </HStack>
        </Section>
        {providerCustomFields.length > 0 && (
          <Section title="More Details">
            <DetailList>
              <CustomFieldItems fields={providerCustomFields} record={provider} />
            </DetailList>
          </Section>
        )}
        <Section title={titles.label('serviceProviderCategoryIds', 'Service Categories')}>
          {provider.serviceProviderCategories.length === 0 ? (
            <Text color="fg.muted">No service categories assigned</Text>
          ) : (
            <CategoryBadges categories={provider.serviceProviderCategories} size="lg" />
          )}
        </Section>
      </Stack>
      <HistorySection
        recordPath={`/service-providers/${provider.id}`}
        titles={titles}
        maxW="4xl"
        etag={record.data.etag}
      />
    </>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" aria-label={title}>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  )
}
