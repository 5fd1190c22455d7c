import { useEffect } from 'react'
import { PRODUCT_NAME } from './brand'

/** The browser tab names the page: "Products · Marketplace Admin" (nothing while unknown). */
export function useDocumentTitle(heading: string | undefined) {
  useEffect(() => {
    if (heading) document.title = `${heading} · ${PRODUCT_NAME}`
  }, [heading])
}
