// The crops the spec names (§9): photos and logos 1:1 with zoom 1 to 3, product images and the
// /picker demo 4:3 with zoom 0.3 to 3. Exports are scaled down to the contract's maximum sizes.
import type { CropSettings } from '../machines/crop-machine'

export const UPLOAD_IMAGE_ERROR = 'Error uploading image. Please try again.'

/** Passport photos and brand logos. */
export const photoCrop: CropSettings = {
  aspect: 1,
  minZoom: 1,
  maxZoom: 3,
  zoomStep: 0.1,
  maxWidth: 1024,
  maxHeight: 1024,
  uploadError: UPLOAD_IMAGE_ERROR,
}

/** Product images: the position is not restricted, so zooming out leaves transparent edges. */
export const productImageCrop: CropSettings = {
  aspect: 4 / 3,
  minZoom: 0.3,
  maxZoom: 3,
  zoomStep: 0.1,
  maxWidth: 1600,
  maxHeight: 1200,
  uploadError: 'Failed to add product image. Please try again.',
}

/** The public passport photo demo: 4:3, zoom 0.3 to 3, a photo's maximum size; never uploaded. */
export const pickerCrop: CropSettings = {
  ...productImageCrop,
  maxWidth: 1024,
  maxHeight: 1024,
  uploadError: UPLOAD_IMAGE_ERROR,
}
