// Delete on the provider's page (to the trash; its toast offers Undo). A provider with products
// is refused (409); the dialog then shows the server's detail and offers Disable instead: the
// edit screen's PUT with enabled false, sent with the ETag the page loaded (If-Match), so
// someone else's change is not undone.
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { paths } from '../../app/paths'
import { DeleteButton } from '../../components/delete-button'
import type { Versioned } from '../../lib/api-client'
import {
  PROVIDER_MESSAGES,
  providerFieldsOf,
  providersApi,
  providerTrash,
  type ServiceProvider,
} from './providers-api'

export function ProviderDeleteButton({ record }: { record: Versioned<ServiceProvider> }) {
  const navigate = useNavigate()
  const remove = useMutation(providersApi.remove)
  const update = useMutation(providersApi.update)
  const provider = record.data
  const disable = () =>
    update.mutateAsync({
      id: provider.id,
      fields: providerFieldsOf(provider, false),
      etag: record.etag,
    })
  return (
    <DeleteButton
      noun="service provider"
      run={() => remove.mutateAsync(provider.id)}
      messages={{ done: PROVIDER_MESSAGES.deleted, failed: PROVIDER_MESSAGES.deleteFailed }}
      onDone={() => navigate(paths.serviceProviders.list)}
      trash={{ target: providerTrash, id: provider.id }}
      alternative={
        provider.enabled
          ? {
              label: 'Disable',
              run: disable,
              done: PROVIDER_MESSAGES.disabled,
              failed: PROVIDER_MESSAGES.updateFailed,
            }
          : undefined
      }
    />
  )
}
