// Create and edit screens for a provider, rendered from the schema files. Edit also uploads
// the passport photo and the brand logo through the crop dialog, or removes them; the email
// cannot change. A provider changed elsewhere while it is edited says by whom and what changed,
// and offers to load the new version under the operator's edits
// (components/record-changed-alert.tsx).
import { Card, Field, Heading, HStack, Image, Input, SimpleGrid, Stack } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { paths, routeId } from '../../app/paths'
import { ApiImage } from '../../components/api-image'
import { CancelLink } from '../../components/cancel-link'
import { ImageUploadField } from '../../components/image-upload-field'
import { notify } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { PresenceNotice } from '../../components/presence-notice'
import { lazyNotices, RecordChangedAlert } from '../../components/record-changed-alert'
import { withFieldOptions } from '../../forms/define-form'
import { SchemaForm } from '../../forms/schema-form'
import { useFormSubmit } from '../../forms/use-form-submit'
import { useEditRecord } from '../../lib/use-edit-record'
import { ProviderAvatar } from './provider-avatar'
import { providerForms } from './provider-forms'
import { ProviderImageRemove } from './provider-image-remove'
import {
  PROVIDER_MESSAGES,
  type ProviderFields,
  type ProviderUpdateFields,
  providerFieldsOf,
  providerImagePaths,
  providersApi,
  type ServiceProvider,
} from './providers-api'

/** The category chips search where the API keeps this entity's categories. */
function categoryUi(form: 'create' | 'update') {
  return withFieldOptions(providerForms[form].uiSchema, 'serviceProviderCategoryIds', {
    source: providersApi.categories,
  })
}

export function ProviderCreatePage() {
  const navigate = useNavigate()
  const uiSchema = categoryUi('create')
  const create = useMutation(providersApi.create)
  const { busy, submit } = useFormSubmit({
    submit: create.mutateAsync,
    onSuccess: ({ id }) => {
      notify.success(PROVIDER_MESSAGES.created)
      navigate(paths.serviceProviders.detail(id))
    },
    fallbackError: PROVIDER_MESSAGES.createFailed,
  })
  return (
    <>
      <PageHeader title="Create Service Provider" />
      <Panel>
        <SchemaForm<ProviderFields>
          schema={providerForms.create.schema}
          uiSchema={uiSchema}
          validator={providerForms.create.validator}
          busy={busy}
          onSubmit={submit}
          actions={<CancelLink to={paths.serviceProviders.list} />}
        />
      </Panel>
    </>
  )
}

/** The provider's field titles, loaded with the notice of a change made elsewhere. */
const notices = lazyNotices(() => import('./provider-custom-fields').then((m) => m.providerTitles))

export function ProviderEditPage() {
  const navigate = useNavigate()
  const id = routeId(useParams().id)
  const queryClient = useQueryClient()
  const record = useEditRecord(providersApi.get(id), formDataOf)
  const uiSchema = categoryUi('update')
  const update = useMutation(providersApi.update)
  const { busy, submit } = useFormSubmit({
    submit: (fields: ProviderUpdateFields) => update.mutateAsync({ id, fields, etag: record.etag }),
    onSuccess: () => navigate(paths.serviceProviders.detail(id)),
    onStale: record.markStale,
    fallbackError: PROVIDER_MESSAGES.updateFailed,
  })
  if (record.status === 'loading') return <PageSpinner />
  if (!record.record) return <PageHeader title="Edit Service Provider" />
  const loaded = record.record
  // The operator's own upload changes the provider's tag (its photo flags). The new tag is
  // taken only if nothing else changed, so a save still notices other operators' edits.
  const afterUpload = async () => {
    const fresh = await queryClient
      .fetchQuery({ ...providersApi.get(id), staleTime: 0 })
      .catch(() => null)
    if (fresh && withoutImages(fresh.data) === withoutImages(loaded)) record.adoptEtag(fresh.etag)
  }
  const name = `${loaded.firstName} ${loaded.lastName}`
  return (
    <>
      <PageHeader
        title="Edit Service Provider"
        description={name}
        crumbs={[
          { label: 'Service Providers', to: paths.serviceProviders.list },
          { label: name, to: paths.serviceProviders.detail(id) },
          { label: 'Edit' },
        ]}
      />
      <PresenceNotice record={`/service-providers/${id}`} />
      <RecordChangedAlert edit={record} notices={notices} />
      <Stack gap="4" maxW="3xl">
        <ProviderImages key={record.form.key} provider={loaded} onUploaded={afterUpload} />
        <Panel>
          <Field.Root readOnly mb="4">
            <Field.Label fontWeight="medium">Email</Field.Label>
            <Input value={loaded.email} readOnly variant="subtle" />
            <Field.HelperText>The email address cannot be changed.</Field.HelperText>
          </Field.Root>
          <SchemaForm<ProviderUpdateFields>
            key={record.form.key}
            schema={providerForms.update.schema}
            uiSchema={uiSchema}
            validator={providerForms.update.validator}
            formData={record.form.formData}
            editedFrom={record.form.editedFrom}
            onChange={record.form.onChange}
            busy={busy}
            onSubmit={submit}
            actions={<CancelLink to={paths.serviceProviders.detail(id)} />}
          />
        </Panel>
      </Stack>
    </>
  )
}

/** The provider as its edit form's data: what a save sends, photos and email aside. */
const formDataOf = (provider: ServiceProvider) => providerFieldsOf(provider, provider.enabled)

function withoutImages({ hasPassportPhoto: _, hasBrandLogo: __, ...rest }: ServiceProvider) {
  return JSON.stringify(rest)
}

/** Passport photo and brand logo, each replaced through the crop dialog. */
function ProviderImages(props: { provider: ServiceProvider; onUploaded: () => void }) {
  const { provider, onUploaded } = props
  const uploadPhoto = useMutation(providersApi.uploadPassportPhoto)
  const uploadLogo = useMutation(providersApi.uploadBrandLogo)
  const [photo, setPhoto] = useState({ has: provider.hasPassportPhoto, version: 0 })
  const [logo, setLogo] = useState({ has: provider.hasBrandLogo, version: 0 })
  return (
    <Panel>
      <Heading as="h2" size="md" mb="4">
        Photos
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="6">
        <ImageUploadField
          label="Passport Photo"
          buttonText="Upload passport photo"
          currentImage={
            <HStack gap="3" wrap="wrap">
              <ProviderAvatar
                provider={{ ...provider, hasPassportPhoto: photo.has }}
                size="2xl"
                version={photo.version}
              />
              {photo.has && (
                <ProviderImageRemove
                  image="passportPhoto"
                  providerId={provider.id}
                  onRemoved={() => {
                    setPhoto((p) => ({ has: false, version: p.version + 1 }))
                    onUploaded()
                  }}
                />
              )}
            </HStack>
          }
          upload={(dataUrl) => uploadPhoto.mutateAsync({ id: provider.id, dataUrl })}
          onUploaded={() => {
            setPhoto((p) => ({ has: true, version: p.version + 1 }))
            onUploaded()
          }}
        />
        <ImageUploadField
          label="Brand Logo"
          buttonText="Upload brand logo"
          currentImage={
            logo.has ? (
              <HStack gap="3" wrap="wrap">
                <ApiImage
                  path={providerImagePaths.brandLogo(provider.id)}
                  version={logo.version}
                  alt={`${provider.brandName} logo`}
                  fallback={null}
                  render={(src, alt) => (
                    <Image src={src} alt={alt} boxSize="20" rounded="md" objectFit="cover" />
                  )}
                />
                <ProviderImageRemove
                  image="brandLogo"
                  providerId={provider.id}
                  onRemoved={() => {
                    setLogo((l) => ({ has: false, version: l.version + 1 }))
                    onUploaded()
                  }}
                />
              </HStack>
            ) : null
          }
          upload={(dataUrl) => uploadLogo.mutateAsync({ id: provider.id, dataUrl })}
          onUploaded={() => {
            setLogo((l) => ({ has: true, version: l.version + 1 }))
            onUploaded()
          }}
        />
      </SimpleGrid>
    </Panel>
  )
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" maxW="3xl">
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}
