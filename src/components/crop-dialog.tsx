// The dialog that crops and uploads a passport photo or a brand logo (spec: 'Crop your photo',
// Cancel and Upload, 'Uploading . . .' while busy). It is open while its flow holds a picked
// file; a successful upload ends the flow (so it closes), a failure keeps it open to retry.
// The spec titles it 'Crop your photo' for the brand logo too, so a line under the title says
// which image is being cropped.
import { Button, Center, Dialog, Portal, Spinner } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { hasSize } from '../lib/crop-geometry'
import { ImageCropper } from './image-cropper'
import type { CropFlow } from './use-crop-flow'

export interface CropDialogProps {
  /** The crop flow (`useCropFlow`) holding the picked file. */
  flow: CropFlow
  title?: string
  /** The image being cropped, as its field is labelled ('Brand Logo'). */
  subject?: string
}

export function CropDialog({ flow, title = 'Crop your photo', subject }: CropDialogProps) {
  const open = useSelector(flow, (state) => state.hasTag('active'))
  const loading = useSelector(flow, (state) => state.hasTag('loading'))
  const busy = useSelector(flow, (state) => state.hasTag('busy'))
  const canUpload = useSelector(
    flow,
    (state) => state.hasTag('failed') || (state.hasTag('editing') && hasSize(state.context.area)),
  )
  const cancel = () => flow.send({ type: 'crop.cancel' })

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && cancel()}
      // Near the top and the image at most 45% of the screen high: the footer stays clear of the
      // error toasts in the bottom corner, so Upload can be pressed again at once.
      placement="top"
      size="lg"
      closeOnInteractOutside={false}
      // Esc must not throw away an upload in flight; Cancel still stops it on purpose.
      closeOnEscape={!busy}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {subject && (
                <Dialog.Description mb="3" color="fg.muted">
                  {cropSubjectText(subject)}
                </Dialog.Description>
              )}
              {loading ? (
                <Center minH="48">
                  <Spinner size="lg" color="teal.solid" aria-label="Loading the image" />
                </Center>
              ) : (
                <ImageCropper flow={flow} maxImageHeight="45vh" />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={cancel}>
                Cancel
              </Button>
              <Button
                colorPalette="teal"
                disabled={busy || !canUpload}
                aria-busy={busy}
                onClick={() => flow.send({ type: 'upload.start' })}
              >
                {busy ? 'Uploading . . .' : 'Upload'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** The line under the title: which image, and what to do. */
export const cropSubjectText = (subject: string) =>
  `${subject}: drag and zoom to frame it, then Upload.`
