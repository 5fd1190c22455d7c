// The provider's passport photo, or their initials when there is none. The initials stay in the
// avatar while the photo downloads and decodes, and come back if it cannot be shown: the avatar
// (Ark) hides its image until the browser has loaded it, and shows the fallback until then.
// Avatars are at most 64 px (`2xl`), so they load the 160 px thumbnail, not the full photo.
import { Avatar } from '@chakra-ui/react'
import { ApiImage } from '../../components/api-image'
import { providerImagePaths, type ServiceProvider } from './providers-api'

interface ProviderAvatarProps {
  provider: Pick<ServiceProvider, 'id' | 'firstName' | 'lastName' | 'hasPassportPhoto'>
  size?: 'md' | 'lg' | '2xl'
  version?: number
}

export function ProviderAvatar({ provider, size = 'lg', version }: ProviderAvatarProps) {
  const name = `${provider.firstName} ${provider.lastName}`
  const initials = `${provider.firstName.charAt(0)}${provider.lastName.charAt(0)}`.toUpperCase()
  return (
    <Avatar.Root size={size} colorPalette="teal">
      <Avatar.Fallback role="img" aria-label={name}>
        {initials}
      </Avatar.Fallback>
      {provider.hasPassportPhoto && (
        <ApiImage
          path={providerImagePaths.passportPhotoThumb(provider.id)}
          version={version}
          alt={`Passport photo of ${name}`}
          render={(src, alt) => <Avatar.Image src={src} alt={alt} />}
        />
      )}
    </Avatar.Root>
  )
}
