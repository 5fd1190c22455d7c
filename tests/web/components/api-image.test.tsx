import { act, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiImage } from '../../../src/components/api-image'
import { apiUrl, TEST_TOKEN } from '../msw/handlers'
import { server } from '../msw/server'
import { renderUi } from '../support/render-ui'

const PATH = '/service-providers/7/passport-photo'
const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])

/** Serves the photo and counts the downloads (and the tokens they carried). */
function servePhoto(status = 200) {
  const requests: Request[] = []
  server.use(
    http.get(apiUrl(PATH), ({ request }) => {
      requests.push(request)
      if (status !== 200) return HttpResponse.json({ detail: 'Not found' }, { status })
      return new HttpResponse(PNG_BYTES, { headers: { 'Content-Type': 'image/png' } })
    }),
  )
  return requests
}

const photo = (version?: number) => (
  <ApiImage
    path={PATH}
    version={version}
    alt="Passport photo of Ada Obi"
    fallback={<span>AO</span>}
    boxSize="24"
  />
)

describe('ApiImage', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', TEST_TOKEN)
  })
  afterEach(() => vi.restoreAllMocks())

  it('downloads the image with the token and shows it through an object URL', async () => {
    const requests = servePhoto()
    const created = vi.spyOn(URL, 'createObjectURL')
    renderUi(photo())
    expect(screen.getByText('AO')).toBeInTheDocument()
    const image = await screen.findByRole('img', { name: 'Passport photo of Ada Obi' })
    const url = created.mock.results[0]?.value
    expect(url).toMatch(/^blob:/)
    expect(image).toHaveAttribute('src', url)
    expect(created.mock.calls[0]?.[0]).toMatchObject({ size: PNG_BYTES.length, type: 'image/png' })
    expect(requests).toHaveLength(1)
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`)
    expect(screen.queryByText('AO')).toBeNull()
  })

  it('revokes the object URL when it is no longer shown', async () => {
    servePhoto()
    const created = vi.spyOn(URL, 'createObjectURL')
    const revoked = vi.spyOn(URL, 'revokeObjectURL')
    const { unmount } = renderUi(photo())
    await screen.findByRole('img', { name: 'Passport photo of Ada Obi' })
    expect(revoked).not.toHaveBeenCalled()
    unmount()
    expect(revoked).toHaveBeenCalledWith(created.mock.results[0]?.value)
  })

  it('shows the image again from its cache, without downloading it again', async () => {
    const requests = servePhoto()
    const first = renderUi(photo())
    await screen.findByRole('img', { name: 'Passport photo of Ada Obi' })
    first.unmount()

    renderUi(photo())
    // From the cache it shows at once, without a frame of fallback.
    expect(screen.getByRole('img', { name: 'Passport photo of Ada Obi' })).toBeInTheDocument()
    expect(screen.queryByText('AO')).toBeNull()
    expect(requests).toHaveLength(1)
  })

  it('two images of one path mounted together share one download', async () => {
    const requests = servePhoto()
    renderUi(
      <>
        {photo()}
        {photo()}
      </>,
    )
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'Passport photo of Ada Obi' })).toHaveLength(2),
    )
    expect(requests).toHaveLength(1)
  })

  it('a new version downloads the image again and revokes the old URL', async () => {
    const requests = servePhoto()
    const created = vi.spyOn(URL, 'createObjectURL')
    const revoked = vi.spyOn(URL, 'revokeObjectURL')
    const view = renderUi(photo(0))
    await screen.findByRole('img', { name: 'Passport photo of Ada Obi' })
    const firstUrl = created.mock.results[0]?.value

    view.rerender(photo(1))
    expect(revoked).toHaveBeenCalledWith(firstUrl)
    await waitFor(() => expect(requests).toHaveLength(2))
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Passport photo of Ada Obi' })).toHaveAttribute(
        'src',
        created.mock.results[1]?.value,
      ),
    )

    // The old version's bytes were replaced: coming back to version 0 downloads again.
    view.rerender(photo(0))
    await waitFor(() => expect(requests).toHaveLength(3))
  })

  it('shows the fallback when there is no image (404)', async () => {
    const requests = servePhoto(404)
    const created = vi.spyOn(URL, 'createObjectURL')
    renderUi(photo())
    await waitFor(() => expect(requests).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(screen.getByText('AO')).toBeInTheDocument()
    expect(screen.queryByRole('img')).toBeNull()
    expect(created).not.toHaveBeenCalled()
  })

  it('renders through `render` when given one', async () => {
    servePhoto()
    renderUi(
      <ApiImage
        path={PATH}
        alt="Logo"
        render={(src, alt) => <img src={src} alt={alt} data-testid="custom" />}
      />,
    )
    expect(await screen.findByTestId('custom')).toHaveAttribute('alt', 'Logo')
  })
})

describe('ApiImage shown directly through the image worker (decision 017)', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', TEST_TOKEN)
    // A page the worker controls (jsdom has no service workers of its own, nor a secure context).
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true })
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage: vi.fn() } },
    })
  })
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker')
    Reflect.deleteProperty(window, 'isSecureContext')
    vi.restoreAllMocks()
  })

  const direct = () => (
    <ApiImage path={PATH} direct alt="Passport photo of Ada Obi" fallback={<span>AO</span>} />
  )

  it('renders a plain <img> of the API URL, without the token in it and without a download', () => {
    const requests = servePhoto()
    renderUi(direct())
    const image = screen.getByRole('img', { name: 'Passport photo of Ada Obi' })
    expect(image.getAttribute('src')).toBe(`${window.location.origin}/api${PATH}`)
    expect(image.getAttribute('src')).not.toContain(TEST_TOKEN)
    expect(requests).toHaveLength(0)
  })

  it('falls back to the download with the token when the browser cannot load it', async () => {
    const requests = servePhoto(404)
    renderUi(direct())
    const image = screen.getByRole('img', { name: 'Passport photo of Ada Obi' })
    act(() => {
      image.dispatchEvent(new Event('error'))
    })
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`)
    expect(await screen.findByText('AO')).toBeInTheDocument()
  })
})
