import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from './support/render-app'

// jsdom cannot decode images or draw on a canvas: the browser effects are faked, the rest of
// the page (machine, cropper, preview) is real. MSW fails the test on any API call.
const PNG = `data:image/png;base64,${btoa('x'.repeat(3000))}`
vi.mock('../../src/lib/crop-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/crop-image')>()),
  readImageFile: vi.fn(async () => ({ src: 'blob:picked', width: 4000, height: 3000 })),
  exportCrop: vi.fn(async () => PNG),
  releaseImage: vi.fn(),
}))

async function pickPhoto() {
  const view = renderApp('/picker')
  await screen.findByRole('heading', { name: 'Passport Photo Picker', level: 1 })
  await view.user.upload(
    screen.getByLabelText('Choose a photo'),
    new File(['png'], 'me.png', { type: 'image/png' }),
  )
  await screen.findByRole('img', { name: 'The picked file to crop' })
  return view
}

describe('/picker: passport photo cropping demo', () => {
  it('crops at 4:3 with zoom 0.3 to 3', async () => {
    await pickPhoto()
    const zoom = screen.getByRole('slider', { name: 'Zoom' })
    expect(zoom).toHaveAttribute('min', '0.3')
    expect(zoom).toHaveAttribute('max', '3')
    expect(zoom).toHaveValue('1')
  })

  it('shows the cropped PNG with its size, and nothing is uploaded', async () => {
    const { user } = await pickPhoto()
    const { exportCrop } = await import('../../src/lib/crop-image')
    await user.click(screen.getByRole('button', { name: 'Apply Crop' }))
    const preview = await screen.findByRole('img', { name: 'The cropped photo' })
    expect(preview).toHaveAttribute('src', PNG)
    // 90% of 3000 px high at 4:3 is 3600×2700, scaled down to fit 1024×1024.
    expect(screen.getByText('PNG, 1024 × 768 px, 2.9 KB')).toBeInTheDocument()
    expect(exportCrop).toHaveBeenCalledWith(
      expect.objectContaining({ maxWidth: 1024, maxHeight: 1024 }),
    )
  })

  it('Re-crop goes back to the cropper and Remove starts over', async () => {
    const { user } = await pickPhoto()
    await user.click(screen.getByRole('button', { name: 'Apply Crop' }))
    await user.click(await screen.findByRole('button', { name: 'Re-crop' }))
    expect(await screen.findByRole('img', { name: 'The picked file to crop' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(screen.queryByRole('img', { name: 'The picked file to crop' })).toBeNull()
    expect(within(document.body).getByLabelText('Choose a photo')).toBeInTheDocument()
  })
})
