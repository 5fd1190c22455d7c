// An image the API serves behind the token (photos, logos, product images): fetched with the
// bearer token, shown through an object URL that lives as long as it is shown. Blobs stay in a
// small in-memory cache so that coming back to a page shows its images without downloading
// them again; across sessions the browser's HTTP cache and the server's ETag take over.
import { Image, type ImageProps } from '@chakra-ui/react'
import { type ReactNode, useLayoutEffect, useState } from 'react'
import { api } from '../lib/api-client'
import { LruCache } from '../lib/lru-cache'

// One entry per path, for the version last fetched: asking for another version (after an
// upload) misses, and the new bytes replace the old ones.
const blobs = new LruCache<string, { version: string; blob: Blob }>(200)
const inFlight = new Map<string, Promise<Blob>>()

function cached(path: string, version: string): Blob | undefined {
  const entry = blobs.get(path)
  return entry?.version === version ? entry.blob : undefined
}

function fetchBlob(path: string, version: string): Promise<Blob> {
  const key = `${version}:${path}`
  // Images of one path mounted together (a list and its avatar) share one download.
  let request = inFlight.get(key)
  if (!request) {
    request = api
      .getBlob(path)
      .then((blob) => {
        blobs.set(path, { version, blob })
        return blob
      })
      .finally(() => inFlight.delete(key))
    inFlight.set(key, request)
  }
  return request
}

export const apiImageCache = {
  /** Forgets a path's bytes, e.g. after the image was replaced or deleted. */
  invalidate: (path: string) => blobs.delete(path),
  clear: () => blobs.clear(),
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

interface Shown {
  key: string
  src: string | null
}

export function ApiImage({
  path,
  version,
  alt,
  fallback = null,
  render,
  ...imgProps
}: ApiImageProps) {
  const versionKey = String(version ?? '')
  const key = `${versionKey}:${path}`
  const [shown, setShown] = useState<Shown | null>(null)

  // A layout effect, so an image already in the cache shows without a frame of fallback.
  useLayoutEffect(() => {
    let active = true
    let url: string | null = null
    const show = (blob: Blob) => {
      if (!active) return
      url = URL.createObjectURL(blob)
      setShown({ key, src: url })
    }
    const blob = cached(path, versionKey)
    if (blob) show(blob)
    else
      fetchBlob(path, versionKey).then(show, () => {
        // A 404 means there is no image; any other failure shows the fallback as well.
        if (active) setShown({ key, src: null })
      })
    return () => {
      active = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [key, path, versionKey])

  const src = shown?.key === key ? shown.src : null
  if (!src) return <>{fallback}</>
  if (render) return <>{render(src, alt)}</>
  return <Image src={src} alt={alt} {...imgProps} />
}
