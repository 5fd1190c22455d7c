import { useLayoutEffect } from 'react'
import { PRODUCT_NAME } from './brand'

/** The browser tab names the page: "Products · Marketplace Admin" (nothing while unknown). Set
 * as the page is committed, so the tab never names the page before it while this one shows. */
export function useDocumentTitle(heading: string | undefined) {
  useLayoutEffect(() => {
    if (heading) document.title = `${heading} · ${PRODUCT_NAME}`
  }, [heading])
}
