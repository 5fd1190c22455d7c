// Remove for the passport photo or the brand logo on the provider's edit page (the API's DELETE),
// behind the same confirm dialog as every delete.
import { useMutation } from '@tanstack/react-query'
import { DeleteButton } from '../../components/delete-button'
import { PROVIDER_MESSAGES, providersApi } from './providers-api'

const KINDS = {
  passportPhoto: {
    noun: 'passport photo',
    mutation: providersApi.removePassportPhoto,
    done: PROVIDER_MESSAGES.photoRemoved,
  },
  brandLogo: {
    noun: 'brand logo',
    mutation: providersApi.removeBrandLogo,
    done: PROVIDER_MESSAGES.logoRemoved,
  },
} as const

export function ProviderImageRemove(props: {
  image: keyof typeof KINDS
  providerId: number
  onRemoved: () => void
}) {
  const { noun, mutation, done } = KINDS[props.image]
  const remove = useMutation(mutation)
  return (
    <DeleteButton
      label="Remove"
      size="sm"
      noun={noun}
      run={() => remove.mutateAsync(props.providerId)}
      messages={{ done, failed: PROVIDER_MESSAGES.imageRemoveFailed }}
      onDone={props.onRemoved}
    />
  )
}
