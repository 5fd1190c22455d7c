// The Export CSV button of the lists (decision 014), driven through the products list: it asks
// for the list's own filters and sort without the page, shows the rows that have arrived of the
// total the server announced, saves the file at the end, and Cancel stops the download and
// saves nothing. The export is streamed by MSW, one piece at a time under the test's control.
import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiUrl, TEST_TOKEN } from './msw/handlers'
import { server } from './msw/server'
import { gate } from './support/gate'
import { renderApp } from './support/render-app'
import { findToast } from './support/toasts'

const HEADER = '\uFEFFID,Name,Description\r\n'
const FIRST = '1,Jollof,"Two lines\r\nof text"\r\n2,Suya,Spicy\r\n'
const REST = '3,Akara,Fried\r\n4,Moi moi,Steamed\r\n5,Puff puff,Sweet\r\n'

/** Serves /products/export in two parts: the second only once `release` is opened. */
function streamedExport() {
  const requests: URL[] = []
  const release = gate()
  server.use(
    http.get(apiUrl('/products/export'), ({ request }) => {
      requests.push(new URL(request.url))
      const encoder = new TextEncoder()
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(HEADER + FIRST))
          await release.opened
          try {
            controller.enqueue(encoder.encode(REST))
            controller.close()
          } catch {
            // The reader cancelled the stream.
          }
        },
      })
      return new HttpResponse(body, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="products-2026-11-25.csv"',
          'X-Total-Count': '5',
        },
      })
    }),
  )
  return { requests, release }
}

describe('Export CSV', () => {
  let saved: { href: string; download: string }[]
  let blobs: Blob[]

  beforeEach(() => {
    window.localStorage.setItem('token', TEST_TOKEN)
    saved = []
    blobs = []
    // Product pictures come through object URLs too: only CSV files are recorded.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (!(blob as Blob).type.startsWith('text/csv')) return 'blob:picture'
      blobs.push(blob as Blob)
      return `blob:export-${blobs.length}`
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    // jsdom cannot navigate to a download: record what would be saved instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push({ href: this.href, download: this.download })
    })
  })
  afterEach(() => vi.restoreAllMocks())

  it('downloads every row with the list’s filters and sort, showing progress, then saves it', async () => {
    const { requests, release } = streamedExport()
    const { user } = renderApp('/products?name=jol&sort=price&order=desc&page=2', {
      signedIn: true,
    })
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))

    // Two of five rows arrived (the quoted line break is not a row of its own).
    const progress = await screen.findByRole('progressbar')
    expect(await screen.findByText('Exporting… 2 of 5 rows')).toBeInTheDocument()
    expect(progress).toHaveAttribute('aria-valuenow', '2')
    const query = Object.fromEntries((requests[0] as URL).searchParams)
    expect(query).toEqual({ name: 'jol', sort: 'price', order: 'desc' })
    expect(requests[0]?.pathname).toBe('/api/products/export')
    expect(saved).toEqual([])

    release.open()
    await findToast('Success', '5 rows exported to products-2026-11-25.csv')
    expect(saved).toEqual([{ href: 'blob:export-1', download: 'products-2026-11-25.csv' }])
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer())
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(HEADER + FIRST + REST)
    // The button is back for another export.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('Cancel stops the download and saves nothing', async () => {
    const { release } = streamedExport()
    const { user } = renderApp('/products', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('Exporting… 2 of 5 rows')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await findToast('Info', 'Export cancelled')
    // The rest arriving now changes nothing: the download has ended.
    release.open()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(saved).toEqual([])
    expect(blobs).toEqual([])
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
  })

  it('a refused export shows the server’s detail and saves nothing', async () => {
    server.use(
      http.get(apiUrl('/products/export'), () =>
        HttpResponse.json({ detail: 'minPrice must be a number' }, { status: 400 }),
      ),
    )
    const { user } = renderApp('/products', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))
    const toast = await findToast('Error', 'minPrice must be a number')
    expect(within(toast).getByText('Error')).toBeInTheDocument()
    expect(saved).toEqual([])
  })

  it('an export cut off midway says so and saves nothing', async () => {
    server.use(
      http.get(apiUrl('/products/export'), () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(HEADER + FIRST))
            controller.error(new Error('connection reset'))
          },
        })
        return new HttpResponse(body, { headers: { 'X-Total-Count': '5' } })
      }),
    )
    const { user } = renderApp('/products', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))
    await findToast(
      'Error',
      'The export was cut off before it ended: nothing was saved. Please try again.',
    )
    expect(saved).toEqual([])
    expect(blobs).toEqual([])
  })
})
