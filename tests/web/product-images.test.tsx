// The product image screens (spec §2 "Product image screens", §4 preview, §5 add image, §8),
// driven as an operator would. jsdom cannot decode images or draw on a canvas: the crop flow's
// browser effects are faked, the rest (machine, cropper, form, requests) is real.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import imageSchema from '../../schemas/product-image.json'
import { createBodyValidator } from '../../server/validation'
import { schemaFields } from '../support/schema-labels'
import { apiUrl } from './msw/handlers'
import { server } from './msw/server'
import { gate } from './support/gate'
import { currentPath, renderApp } from './support/render-app'
import { findToast } from './support/toasts'

// Form fields are found by the labels schemas/product-image.json gives them.
const imageLabels = schemaFields('product-image')
const imageField = (property: 'imageName' | 'imageDescription') =>
  screen.getByRole('textbox', { name: imageLabels.label(property) })

const BASE64 = btoa('a cropped png')
const PNG = `data:image/png;base64,${BASE64}`
vi.mock('../../src/lib/crop-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/crop-image')>()),
  readImageFile: vi.fn(async () => ({ src: 'blob:picked', width: 4000, height: 3000 })),
  exportCrop: vi.fn(async () => PNG),
  releaseImage: vi.fn(),
}))

const validateCreate = createBodyValidator([imageSchema])({
  $ref: 'product-image#/definitions/create',
})

/** The value shown beside a label (a description list). */
const detailValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement

describe('product images list', () => {
  it('shows thumbnails with Enabled/Disabled and Preview badges, and Add Image', async () => {
    const files: string[] = []
    server.use(
      http.get(apiUrl('/products/:id/images/:imageId/image-file'), ({ request }) => {
        const url = new URL(request.url)
        files.push(url.pathname + url.search)
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'Content-Type': 'image/png' },
        })
      }),
    )
    const { user, router } = renderApp('/products/5/images', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Product Images', level: 1 })).toBeVisible()
    expect(await screen.findByRole('link', { name: 'Deep Home Clean' })).toHaveAttribute(
      'href',
      '/products/5',
    )
    expect(screen.getByRole('link', { name: 'Add Image' })).toHaveAttribute(
      'href',
      '/products/5/images/new',
    )
    const [living, kitchen] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement]
    expect(living).toHaveAccessibleName('Living Room')
    expect(await within(living).findByRole('img', { name: 'Living Room' })).toBeVisible()
    expect(within(living).getByText('Enabled')).toBeInTheDocument()
    expect(within(living).getByText('Preview')).toBeInTheDocument()
    expect(within(kitchen).getByText('Disabled')).toBeInTheDocument()
    expect(within(kitchen).queryByText('Preview')).toBeNull()
    await waitFor(() => expect(files).toHaveLength(2))
    expect(files.sort()).toEqual([
      '/api/products/5/images/11/image-file?size=thumb',
      '/api/products/5/images/12/image-file?size=thumb',
    ])

    await user.click(within(kitchen).getByRole('link', { name: 'View Details' }))
    expect(await screen.findByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/products/5/images/12')
  })

  it('says so when the product has no images', async () => {
    renderApp('/products/6/images', { signedIn: true })
    expect(await screen.findByText('Nothing to see here.')).toBeInTheDocument()
  })

  it('replaces a missing product with /not-found', async () => {
    const { router } = renderApp('/products/99/images', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
  })
})

describe('add image', () => {
  function recordAdds(answer: () => Response, hold?: Promise<void>) {
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post(apiUrl('/products/5/images'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>)
        if (hold) await hold
        return answer()
      }),
    )
    return bodies
  }
  const added = () => HttpResponse.json({ id: 13, productId: 5 }, { status: 201 })
  const submitButton = () => screen.getByRole('button', { name: 'Add Image' })

  async function openForm() {
    const view = renderApp('/products/5/images/new', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Add Image', level: 1 })).toBeVisible()
    await screen.findByRole('button', { name: 'Add Image' })
    return view
  }

  async function pickAndCrop(user: ReturnType<typeof renderApp>['user']) {
    await user.upload(
      screen.getByLabelText('Choose an image'),
      new File(['png'], 'room.png', { type: 'image/png' }),
    )
    expect(await screen.findByRole('img', { name: 'The picked file to crop' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Apply Crop' }))
    expect(await screen.findByRole('img', { name: 'The cropped image' })).toHaveAttribute(
      'src',
      PNG,
    )
  }

  it('keeps Add Image disabled until a crop exists', async () => {
    const { user } = await openForm()
    expect(submitButton()).toBeDisabled()
    // Beside the button, and read with it, what it waits for.
    const hint = 'Choose an image and apply a crop to add it.'
    expect(screen.getByText(hint)).toBeVisible()
    expect(submitButton()).toHaveAccessibleDescription(hint)
    expect(imageField('imageName')).toBeInTheDocument()
    expect(imageField('imageDescription')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: imageLabels.label('enabled') })).toBeChecked()

    await user.upload(
      screen.getByLabelText('Choose an image'),
      new File(['png'], 'room.png', { type: 'image/png' }),
    )
    const zoom = await screen.findByRole('slider', { name: 'Zoom' })
    expect(zoom).toHaveAttribute('min', '0.3')
    expect(zoom).toHaveAttribute('max', '3')
    expect(submitButton()).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Apply Crop' }))
    await waitFor(() => expect(submitButton()).toBeEnabled())
    expect(screen.queryByText(hint)).toBeNull()
    expect(submitButton()).not.toHaveAttribute('aria-describedby')
    const { exportCrop } = await import('../../src/lib/crop-image')
    expect(exportCrop).toHaveBeenCalledWith(
      expect.objectContaining({ maxWidth: 1600, maxHeight: 1200 }),
    )
    const { area } = vi.mocked(exportCrop).mock.calls.at(-1)?.[0] ?? { area: null }
    expect((area?.width ?? 0) / (area?.height ?? 1)).toBeCloseTo(4 / 3)

    // Re-crop takes the crop away again; Remove starts over.
    await user.click(screen.getByRole('button', { name: 'Re-crop' }))
    await waitFor(() => expect(submitButton()).toBeDisabled())
    await user.click(screen.getByRole('button', { name: 'Apply Crop' }))
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(submitButton()).toBeDisabled())
    expect(screen.queryByRole('img', { name: 'The cropped image' })).toBeNull()
    expect(submitButton()).toHaveAccessibleDescription(hint)
  })

  it("asks to 'Please select and crop an image' when sent without a crop", async () => {
    const bodies = recordAdds(added)
    const { user } = await openForm()
    await user.type(imageField('imageName'), 'Bedroom')
    // The button is disabled; a submit by other means (Enter) is still refused.
    fireEvent.submit(submitButton().closest('form') as HTMLFormElement)
    expect(await screen.findByText('Please select and crop an image')).toBeInTheDocument()
    expect(bodies).toHaveLength(0)
  })

  it('sends the crop as base64 without the data: prefix, then shows the images', async () => {
    const release = gate()
    const bodies = recordAdds(added, release.opened)
    const { user, router } = await openForm()
    await pickAndCrop(user)
    await user.type(imageField('imageName'), 'Bedroom')
    await user.type(imageField('imageDescription'), 'The main bedroom')
    await user.click(screen.getByRole('switch', { name: imageLabels.label('enabled') }))
    await user.click(submitButton())
    expect(await screen.findByRole('button', { name: 'Adding . . .' })).toBeDisabled()
    release.open()

    await waitFor(() => expect(currentPath(router)).toBe('/products/5/images'))
    expect(bodies).toEqual([
      {
        image: BASE64,
        imageName: 'Bedroom',
        imageDescription: 'The main bedroom',
        enabled: false,
      },
    ])
    expect(validateCreate(structuredClone(bodies[0]))).toBe(true)
  })

  it('sends an empty description as null', async () => {
    const bodies = recordAdds(added)
    const { user, router } = await openForm()
    await pickAndCrop(user)
    await user.type(imageField('imageName'), 'Bedroom')
    await user.click(submitButton())
    await waitFor(() => expect(currentPath(router)).toBe('/products/5/images'))
    expect(bodies).toEqual([
      { image: BASE64, imageName: 'Bedroom', imageDescription: null, enabled: true },
    ])
  })

  it.each([
    [
      "the server's detail",
      () =>
        HttpResponse.json({ detail: 'image must be a PNG, JPEG or WebP image' }, { status: 400 }),
      'image must be a PNG, JPEG or WebP image',
    ],
    [
      'the fallback',
      () => new HttpResponse(null, { status: 500 }),
      'Failed to add product image. Please try again.',
    ],
  ])('shows %s when adding fails and keeps the crop', async (_, answer, message) => {
    recordAdds(answer)
    const { user, router } = await openForm()
    await pickAndCrop(user)
    await user.type(imageField('imageName'), 'Bedroom')
    await user.click(submitButton())
    await findToast('Error', message)
    expect(currentPath(router)).toBe('/products/5/images/new')
    await waitFor(() => expect(submitButton()).toBeEnabled())
    expect(screen.getByRole('img', { name: 'The cropped image' })).toBeInTheDocument()
  })
})

describe('image details', () => {
  it('shows the preview image without Set as Preview', async () => {
    const { user, router } = renderApp('/products/5/images/11', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Living Room', level: 1 })).toBeVisible()
    expect(await screen.findByRole('img', { name: 'Living Room' })).toBeVisible()
    expect(detailValue('Name')).toHaveTextContent('Living Room')
    expect(detailValue('Description')).toHaveTextContent('About image 11')
    expect(screen.getByText('Preview: Yes')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Set as Preview' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/products/5/images/11/edit',
    )
    await user.click(screen.getByRole('link', { name: 'Product images' }))
    expect(await screen.findByRole('heading', { name: 'Product Images', level: 1 })).toBeVisible()
    expect(currentPath(router)).toBe('/products/5/images')
  })

  it("says 'No description provided' and makes the image the preview", async () => {
    const calls: string[] = []
    server.use(
      http.post(
        apiUrl('/products/:id/images/:imageId/make-preview-image'),
        async ({ request, params }) => {
          calls.push(`${params.id}/${params.imageId}:${await request.text()}`)
          return HttpResponse.json({})
        },
      ),
    )
    const { user } = renderApp('/products/5/images/12', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible()
    expect(detailValue('Description')).toHaveTextContent('No description provided')
    expect(screen.getByText('Preview: No')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Set as Preview' }))

    await findToast('Success', 'Product image is now preview image!')
    expect(screen.getByText('Preview: Yes')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Set as Preview' })).toBeNull()
    expect(calls).toEqual(['5/12:'])
  })

  it("shows the server's detail when Set as Preview fails", async () => {
    server.use(
      http.post(apiUrl('/products/:id/images/:imageId/make-preview-image'), () =>
        HttpResponse.json({ detail: 'Product image not found' }, { status: 404 }),
      ),
    )
    const { user } = renderApp('/products/5/images/12', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Set as Preview' }))
    await findToast('Error', 'Product image not found')
    expect(screen.getByText('Preview: No')).toBeInTheDocument()
  })

  it('asks before deleting, and Cancel keeps the image', async () => {
    const { user } = renderApp('/products/5/images/12', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    expect(
      within(dialog).getByText(
        'This action cannot be undone. This will permanently delete the product image.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(screen.getByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible()
  })

  it('deletes the image, confirms and returns to the images', async () => {
    const deleted: string[] = []
    server.use(
      http.delete(apiUrl('/products/:id/images/:imageId'), ({ params }) => {
        deleted.push(`${params.id}/${params.imageId}`)
        return HttpResponse.json({})
      }),
    )
    const { user, router } = renderApp('/products/5/images/12', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await findToast('Success', 'Product image deleted successfully!')
    await waitFor(() => expect(currentPath(router)).toBe('/products/5/images'))
    expect(deleted).toEqual(['5/12'])
  })

  it.each([
    [
      "the server's detail",
      () => HttpResponse.json({ detail: 'Product image not found' }, { status: 404 }),
      'Product image not found',
    ],
    [
      'the fallback',
      () => new HttpResponse(null, { status: 500 }),
      'Error while deleting product image',
    ],
  ])('shows %s when deleting fails', async (_, answer, message) => {
    server.use(http.delete(apiUrl('/products/:id/images/:imageId'), answer))
    const { user, router } = renderApp('/products/5/images/12', { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await findToast('Error', message)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(currentPath(router)).toBe('/products/5/images/12')
  })

  it('replaces a missing image with /not-found', async () => {
    const { router } = renderApp('/products/5/images/99', { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(currentPath(router)).toBe('/not-found')
  })
})

describe('image edit', () => {
  function recordUpdates(answer: () => Response) {
    const bodies: unknown[] = []
    server.use(
      http.put(apiUrl('/products/5/images/12'), async ({ request }) => {
        bodies.push(await request.json())
        return answer()
      }),
    )
    return bodies
  }

  async function openForm() {
    const view = renderApp('/products/5/images/12/edit', { signedIn: true })
    await screen.findByRole('button', { name: 'Save Changes' })
    return view
  }

  it('is prefilled, saves and returns to the image', async () => {
    const bodies = recordUpdates(() => HttpResponse.json({ id: 12, productId: 5 }))
    const { user, router } = await openForm()
    expect(imageField('imageName')).toHaveValue('Kitchen')
    expect(imageField('imageDescription')).toHaveValue('')
    expect(screen.getByRole('switch', { name: imageLabels.label('enabled') })).not.toBeChecked()
    expect(screen.queryByLabelText('Choose an image')).toBeNull()
    await user.type(imageField('imageDescription'), 'Open plan')
    await user.click(screen.getByRole('switch', { name: imageLabels.label('enabled') }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    await waitFor(() => expect(currentPath(router)).toBe('/products/5/images/12'))
    expect(bodies).toEqual([{ imageName: 'Kitchen', imageDescription: 'Open plan', enabled: true }])
  })

  it.each([
    [
      "the server's detail",
      () => HttpResponse.json({ detail: 'imageName: must not be blank' }, { status: 400 }),
      'imageName: must not be blank',
    ],
    [
      'the fallback',
      () => new HttpResponse(null, { status: 500 }),
      'Failed to update product image. Please try again.',
    ],
  ])('shows %s when saving fails', async (_, answer, message) => {
    recordUpdates(answer)
    const { user, router } = await openForm()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await findToast('Error', message)
    expect(currentPath(router)).toBe('/products/5/images/12/edit')
  })

  it.each([
    '/products/5/images/99/edit',
    '/products/6/images/11/edit',
    '/products/5/images/abc/edit',
  ])("shows 'Product image not found' with Back to Product (%s)", async (path) => {
    const { user, router } = renderApp(path, { signedIn: true })
    expect(await screen.findByText('Product image not found')).toBeInTheDocument()
    expect(currentPath(router)).toBe(path)
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull()
    const productId = path.split('/')[2]
    await user.click(screen.getByRole('link', { name: 'Back to Product' }))
    await waitFor(() => expect(currentPath(router)).toBe(`/products/${productId}`))
  })
})
