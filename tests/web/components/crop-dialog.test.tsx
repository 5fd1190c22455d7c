import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ImageUploadField } from '../../../src/components/image-upload-field'
import type { CropEffects } from '../../../src/components/use-crop-flow'
import { ApiError } from '../../../src/lib/api-client'
import type { ExportRequest } from '../../../src/machines/crop-machine'
import { deferred } from '../../support/machines'
import { renderUi } from '../support/render-ui'

const PNG = 'data:image/png;base64,iVBORw0KGgo='
const photoFile = () => new File(['png bytes'], 'me.png', { type: 'image/png' })

/** The passport photo field with the browser's image effects faked (jsdom has no canvas). */
function renderField(upload: (dataUrl: string) => Promise<unknown>) {
  const effects = {
    readFile: vi.fn(async () => ({ src: 'blob:picked', width: 3000, height: 2000 })),
    exportCrop: vi.fn(async (_: ExportRequest) => PNG),
    releaseImage: vi.fn(),
  } satisfies CropEffects
  const onUploaded = vi.fn()
  const uploadSpy = vi.fn(upload)
  const view = renderUi(
    <ImageUploadField
      label="Passport Photo"
      buttonText="Upload passport photo"
      currentImage={<span>current photo</span>}
      upload={uploadSpy}
      onUploaded={onUploaded}
      effects={effects}
    />,
  )
  const pick = async () => {
    await view.user.upload(screen.getByLabelText('Upload passport photo'), photoFile())
    return screen.findByRole('dialog', { name: 'Crop your photo' })
  }
  return { ...view, effects, onUploaded, upload: uploadSpy, pick }
}

const errorToast = async (text: string) => {
  const message = await screen.findByText(text)
  const toast = message.closest('[data-part="root"]') as HTMLElement
  expect(within(toast).getByText('Error')).toBeInTheDocument()
  return toast
}

describe('ImageUploadField and its crop dialog', () => {
  it('shows the label, the current image and a file input found by its label', () => {
    renderField(async () => ({}))
    expect(screen.getByRole('group', { name: 'Passport Photo' })).toBeInTheDocument()
    expect(screen.getByText('current photo')).toBeInTheDocument()
    const input = screen.getByLabelText('Upload passport photo')
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("opens 'Crop your photo' with the image, a zoom slider 1 to 3 by 0.1, Cancel and Upload", async () => {
    const { pick, effects } = renderField(async () => ({}))
    const dialog = await pick()
    expect(effects.readFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'me.png' }))
    expect(within(dialog).getByRole('img', { name: 'The picked file to crop' })).toHaveAttribute(
      'src',
      'blob:picked',
    )
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' })
    expect(zoom).toHaveAttribute('min', '1')
    expect(zoom).toHaveAttribute('max', '3')
    expect(zoom).toHaveAttribute('step', '0.1')
    expect(zoom).toHaveValue('1')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled()
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled()
  })

  it('zooms the image with the slider', async () => {
    const { pick } = renderField(async () => ({}))
    const dialog = await pick()
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Zoom' }), {
      target: { value: '2' },
    })
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toHaveValue('2')
    expect(within(dialog).getByText('2.0×')).toBeInTheDocument()
    const image = within(dialog).getByRole('img', { name: 'The picked file to crop' })
    expect(image.style.transform).toBe('scale(2)')
  })

  it("uploads the square crop as a PNG, shows 'Uploading . . .', then closes", async () => {
    const call = deferred<unknown>()
    const { pick, user, effects, upload, onUploaded } = renderField(() => call.promise)
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))

    const busy = await within(dialog).findByRole('button', { name: 'Uploading . . .' })
    expect(busy).toBeDisabled()
    const request = effects.exportCrop.mock.calls[0]?.[0]
    expect(request).toMatchObject({ src: 'blob:picked', maxWidth: 1024, maxHeight: 1024 })
    expect(request?.area.width).toBeCloseTo(request?.area.height ?? 0)
    expect(upload).toHaveBeenCalledWith(PNG)
    expect(onUploaded).not.toHaveBeenCalled()

    call.resolve({})
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onUploaded).toHaveBeenCalledTimes(1)
    expect(effects.releaseImage).toHaveBeenCalledWith('blob:picked')
  })

  it("shows the server's detail as an Error toast and stays open to retry", async () => {
    const upload = vi
      .fn<(dataUrl: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(400, 'passportPhoto must be a PNG, JPEG or WebP image'))
      .mockResolvedValueOnce({})
    const { pick, user, onUploaded } = renderField(upload)
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))

    await errorToast('passportPhoto must be a PNG, JPEG or WebP image')
    expect(screen.getByRole('dialog', { name: 'Crop your photo' })).toBeInTheDocument()
    const retry = within(dialog).getByRole('button', { name: 'Upload' })
    expect(retry).toBeEnabled()

    await user.click(retry)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(upload).toHaveBeenCalledTimes(2)
    expect(onUploaded).toHaveBeenCalledTimes(1)
  })

  it("falls back to 'Error uploading image. Please try again.' without a detail", async () => {
    const { pick, user } = renderField(() => Promise.reject(new ApiError(null, null)))
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await errorToast('Error uploading image. Please try again.')
    expect(screen.getByRole('dialog', { name: 'Crop your photo' })).toBeInTheDocument()
  })

  it("shows 'Canvas not supported' when the crop cannot be drawn", async () => {
    const { pick, user, effects, upload } = renderField(async () => ({}))
    effects.exportCrop.mockRejectedValueOnce(new Error('Canvas not supported'))
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await errorToast('Canvas not supported')
    expect(upload).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Crop your photo' })).toBeInTheDocument()
  })

  it('Cancel closes the dialog without uploading and frees the image', async () => {
    const { pick, user, upload, effects } = renderField(async () => ({}))
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(upload).not.toHaveBeenCalled()
    expect(effects.releaseImage).toHaveBeenCalledWith('blob:picked')
  })

  it('Cancel while uploading closes at once and ignores the late answer', async () => {
    const call = deferred<unknown>()
    const { pick, user, onUploaded } = renderField(() => call.promise)
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await within(dialog).findByRole('button', { name: 'Uploading . . .' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    call.resolve({})
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it('Esc while uploading keeps the dialog open and the upload goes on', async () => {
    const call = deferred<unknown>()
    const { pick, user, onUploaded } = renderField(() => call.promise)
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await within(dialog).findByRole('button', { name: 'Uploading . . .' })
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Crop your photo' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Uploading . . .' })).toBeDisabled()

    call.resolve({ id: 7 })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onUploaded).toHaveBeenCalledWith({ id: 7 })
  })

  it('Esc closes the dialog when nothing is uploading', async () => {
    const { pick, user, upload } = renderField(async () => ({}))
    await pick()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(upload).not.toHaveBeenCalled()
  })

  it('can pick the same file again after cancelling', async () => {
    const { pick, user } = renderField(async () => ({}))
    const dialog = await pick()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await pick()).toBeInTheDocument()
  })
})
