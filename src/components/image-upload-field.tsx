// One uploadable image on an edit screen (passport photo, brand logo): the current image, a
// labelled file input, and the crop dialog that opens once a file is picked. The dialog and its
// cropper load with the first pick: an edit screen opened to change a name does not download them.
import { Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { photoCrop } from '../lib/crop-presets'
import type { CropSettings } from '../machines/crop-machine'
import { ImageFileButton } from './image-file-button'
import { type CropEffects, useCropFlow } from './use-crop-flow'

const CropDialog = lazy(() => import('./crop-dialog').then((m) => ({ default: m.CropDialog })))

export interface ImageUploadFieldProps {
  label: string
  /** The file input's label, shown as its button ('Upload passport photo'). */
  buttonText: string
  currentImage?: ReactNode
  /** Sends the cropped PNG as a data URL. */
  upload: (pngDataUrl: string) => Promise<unknown>
  onUploaded?: (result: unknown) => void
  /** Photos and logos by default: 1:1, zoom 1 to 3 in steps of 0.1, at most 1024×1024. */
  crop?: CropSettings
  dialogTitle?: string
  /** Replaces the browser's image effects (tests run without a canvas). */
  effects?: Partial<CropEffects>
}

export function ImageUploadField({
  label,
  buttonText,
  currentImage,
  upload,
  onUploaded,
  crop = photoCrop,
  dialogTitle,
  effects,
}: ImageUploadFieldProps) {
  const flow = useCropFlow({ settings: crop, upload, onUploaded, effects })
  const labelId = useId()
  // Mounted from the first pick on, so that closing still animates.
  const picked = useSelector(flow, (state) => state.hasTag('active'))
  const [dialogWanted, setDialogWanted] = useState(false)
  if (picked && !dialogWanted) setDialogWanted(true)

  return (
    <Stack role="group" aria-labelledby={labelId} gap="3" align="flex-start">
      <Text id={labelId} fontWeight="medium">
        {label}
      </Text>
      {currentImage ?? (
        <Text color="fg.muted" fontSize="sm">
          No image uploaded
        </Text>
      )}
      <ImageFileButton size="sm" onPick={(file) => flow.send({ type: 'file.pick', file })}>
        {buttonText}
      </ImageFileButton>
      {dialogWanted && (
        <Suspense fallback={null}>
          <CropDialog flow={flow} title={dialogTitle} subject={label} />
        </Suspense>
      )}
    </Stack>
  )
}
