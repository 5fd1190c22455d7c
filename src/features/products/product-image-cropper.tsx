// The add image form's "image" field (the cropper slot, given as `formContext.cropper`): pick a
// file, crop it at 4:3 with zoom 0.3 to 3, Apply Crop, then Re-crop or Remove. The crop machine
// rests in `cropped` (nothing is uploaded here); the field's value is the PNG as base64 without
// its `data:` prefix, or undefined while no crop exists, and the form sends it.
import { Box, Button, Center, HStack, Image, Spinner, Stack } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { useSelector } from '@xstate/react'
import { Crop, RotateCcw, Trash2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { ImageCropper } from '../../components/image-cropper'
import { ImageFileButton } from '../../components/image-file-button'
import { type CropFlow, useCropFlow } from '../../components/use-crop-flow'
import { hasSize } from '../../lib/crop-geometry'
import { productImageCrop } from '../../lib/crop-presets'
import type { CropSettings } from '../../machines/crop-machine'

const checkerboard = 'repeating-conic-gradient(#e4e4e7 0% 25%, #ffffff 0% 50%) 50% / 16px 16px'

/** `data:image/png;base64,AAAA` → `AAAA`, as the API wants it. */
function base64Of(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1)
}

/** The preset (4:3, zoom 0.3 to 3, at most 1600×1200) with the ui schema's aspect and zoom. */
function cropSettings(options: WidgetProps['options']): CropSettings {
  const number = (key: string) => (typeof options[key] === 'number' ? options[key] : undefined)
  return {
    ...productImageCrop,
    aspect: number('aspect') ?? productImageCrop.aspect,
    minZoom: number('minZoom') ?? productImageCrop.minZoom,
    maxZoom: number('maxZoom') ?? productImageCrop.maxZoom,
  }
}

export function ProductImageCropper(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange } = props
  const flow = useCropFlow({ settings: cropSettings(options) })
  const active = useSelector(flow, (state) => state.hasTag('active'))
  const loading = useSelector(flow, (state) => state.hasTag('loading'))
  const cropped = useSelector(flow, (state) => state.hasTag('cropped'))
  const dataUrl = useSelector(flow, (state) =>
    state.hasTag('cropped') ? state.context.dataUrl : null,
  )
  const locked = Boolean(disabled || readonly)

  // The form holds the crop while one exists: Re-crop and Remove take it away again.
  const latest = useRef({ value, onChange })
  latest.current = { value, onChange }
  useEffect(() => {
    const next = dataUrl ? base64Of(dataUrl) : undefined
    if (next !== latest.current.value) latest.current.onChange(next)
  }, [dataUrl])

  return (
    <Stack id={id} role="group" aria-label="Image" gap="4" align="flex-start" w="full">
      <ImageFileButton
        size="sm"
        disabled={locked}
        onPick={(file) => flow.send({ type: 'file.pick', file })}
      >
        {active ? 'Choose another image' : 'Choose an image'}
      </ImageFileButton>
      {loading && (
        <Center minH="48" w="full">
          <Spinner size="lg" color="teal.solid" aria-label="Loading the image" />
        </Center>
      )}
      {active && !loading && !cropped && <Cropping flow={flow} locked={locked} />}
      {cropped && dataUrl && (
        <Stack gap="3" w="full" align="center">
          <Image
            src={dataUrl}
            alt="The cropped image"
            maxW="full"
            maxH="50vh"
            borderWidth="1px"
            rounded="md"
            style={{ background: checkerboard }}
          />
          <HStack gap="3">
            <Button
              variant="outline"
              disabled={locked}
              onClick={() => flow.send({ type: 'crop.redo' })}
            >
              <RotateCcw aria-hidden /> Re-crop
            </Button>
            <RemoveButton flow={flow} locked={locked} />
          </HStack>
        </Stack>
      )}
    </Stack>
  )
}

function Cropping({ flow, locked }: { flow: CropFlow; locked: boolean }) {
  const busy = useSelector(flow, (state) => state.hasTag('busy'))
  const canApply = useSelector(flow, (state) => hasSize(state.context.area))
  return (
    <Box w="full">
      <ImageCropper flow={flow} maxImageHeight="50vh" />
      <HStack gap="3" justify="flex-end" mt="4">
        <RemoveButton flow={flow} locked={locked || busy} />
        <Button
          colorPalette="teal"
          variant="subtle"
          disabled={locked || busy || !canApply}
          aria-busy={busy}
          onClick={() => flow.send({ type: 'crop.apply' })}
        >
          <Crop aria-hidden /> Apply Crop
        </Button>
      </HStack>
    </Box>
  )
}

function RemoveButton({ flow, locked }: { flow: CropFlow; locked: boolean }) {
  return (
    <Button variant="outline" disabled={locked} onClick={() => flow.send({ type: 'crop.remove' })}>
      <Trash2 aria-hidden /> Remove
    </Button>
  )
}
