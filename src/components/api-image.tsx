// An image the API serves behind the token (photos, logos, product images): fetched with the
// bearer token through the query layer, shown through an object URL that lives as long as it is
// shown. The bytes stay in the query cache, so coming back to a page shows its images without
// downloading them again, and images of one path mounted together share one download; across
// sessions the browser's HTTP cache and the server's ETag take over.
//
// An image whose bytes never change under its path (a product image, by its id) is shown
// `direct`: while the image worker serves the page, a plain <img> loads it as soon as it is in
// the page, the worker adding the token (decision 017). If that load fails (no token any more,
// a 401, a 404, no network) the image is fetched by script as above, which reports a 401 to the
// session and shows the fallback.
import { Image, type ImageProps } from '@chakra-ui/react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type ReactNode, useLayoutEffect, useState } from 'react'
import { api } from '../lib/api-client'
import { imageWorkerActive } from '../lib/image-worker'

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
  /** Renders the image from its URL (`onError` for a direct one); a Chakra `Image` with the
   * other props otherwise. */
  render?: (src: string, alt: string, onError?: () => void) => ReactNode
  /** The bytes under this path never change: shown by URL through the image worker. */
  direct?: boolean
}

export function ApiImage({ direct = false, ...props }: ApiImageProps) {
  // Decided once per image: a page the worker starts serving later keeps what it shows.
  const [byUrl, setByUrl] = useState(
    () => direct && !props.version && imageWorkerActive() && servedByWorker(props.path),
  )
  if (!byUrl) return <FetchedImage {...props} />
  const { path, alt, render, fallback: _, version: __, ...imgProps } = props
  const src = api.url(path)
  const failed = () => setByUrl(false)
  if (render) return <>{render(src, alt, failed)}</>
  return <Image src={src} alt={alt} onError={failed} {...imgProps} />
}

/** The worker only serves this origin's /api/ (an API on another host keeps the script path). */
const servedByWorker = (path: string) => api.url(path).startsWith(`${window.location.origin}/api/`)

function FetchedImage({
  path,
  version,
  alt,
  fallback = null,
  render,
  ...imgProps
}: Omit<ApiImageProps, 'direct'>) {
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
