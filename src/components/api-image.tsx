// An image the API serves behind the token (photos, logos, product images): fetched with the
// bearer token through the query layer, shown through an object URL that lives as long as it is
// shown. The bytes stay in the query cache, so coming back to a page shows its images without
// downloading them again, and images of one path mounted together share one download; across
// sessions the browser's HTTP cache and the server's ETag take over.
import { Image, type ImageProps } from '@chakra-ui/react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type ReactNode, useLayoutEffect, useState } from 'react'
import { api } from '../lib/api-client'

const ROOT = 'api-image'

/** The bytes of one version of an image; a new version replaces the others of its path. */
function imageQuery(path: string, version: string) {
  return queryOptions({
    queryKey: [ROOT, path, version],
    queryFn: async ({ client }) => {
      const blob = await api.getBlob(path)
      client.removeQueries({
        queryKey: [ROOT, path],
        predicate: (query) => query.queryKey[2] !== version,
      })
      return blob
    },
    // An image changes only through an upload, which asks for a new version.
    staleTime: Number.POSITIVE_INFINITY,
    // A missing image (404) is no failure to retry or report: the fallback shows.
    retry: false,
  })
}

export interface ApiImageProps extends Omit<ImageProps, 'src' | 'alt'> {
  /** The API path of the image, e.g. `/service-providers/7/passport-photo`. */
  path: string
  /** Change it (a counter) to fetch the image again, e.g. after an upload. */
  version?: string | number
  alt: string
  /** Shown while loading, and when there is no image (404) or it cannot be loaded. */
  fallback?: ReactNode
  /** Renders the image from its object URL; a Chakra `Image` with the other props otherwise. */
  render?: (src: string, alt: string) => ReactNode
}

export function ApiImage({
  path,
  version,
  alt,
  fallback = null,
  render,
  ...imgProps
}: ApiImageProps) {
  const blob = useQuery(imageQuery(path, String(version ?? ''))).data
  const [shown, setShown] = useState<{ blob: Blob; src: string } | null>(null)

  // A layout effect, so an image already in the cache shows without a frame of fallback.
  useLayoutEffect(() => {
    if (!blob) return
    const src = URL.createObjectURL(blob)
    setShown({ blob, src })
    return () => URL.revokeObjectURL(src)
  }, [blob])

  const src = blob && shown?.blob === blob ? shown.src : null
  if (!src) return <>{fallback}</>
  if (render) return <>{render(src, alt)}</>
  return <Image src={src} alt={alt} {...imgProps} />
}
