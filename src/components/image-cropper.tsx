// The cropping surface every crop flow shows: react-image-crop over the picked image, which is
// scaled about its centre by the zoom slider. The flow's machine holds the crop as an area of
// the natural image; this component converts it to and from the box drawn over the image.
import 'react-image-crop/dist/ReactCrop.css'
import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import ReactCrop, { type PercentCrop } from 'react-image-crop'
import { areaToBox, boxToArea } from '../lib/crop-geometry'
import type { CropFlow } from './use-crop-flow'

// Zoomed out, the crop may reach past the image: the checkerboard shows what stays transparent.
const checkerboard = 'repeating-conic-gradient(#e4e4e7 0% 25%, #ffffff 0% 50%) 50% / 16px 16px'

export interface ImageCropperProps {
  flow: CropFlow
  /** Height limit of the shown image, so the zoom slider stays on screen. */
  maxImageHeight?: string
}

export function ImageCropper({ flow, maxImageHeight = '55vh' }: ImageCropperProps) {
  const image = useSelector(flow, (state) => state.context.image)
  const area = useSelector(flow, (state) => state.context.area)
  const zoom = useSelector(flow, (state) => state.context.zoom)
  const settings = useSelector(flow, (state) => state.context.settings)
  const busy = useSelector(flow, (state) => state.hasTag('busy'))
  const zoomId = useId()
  if (!image) return null

  const crop: PercentCrop | undefined = area
    ? { unit: '%', ...areaToBox(area, image, zoom) }
    : undefined

  return (
    <Stack gap="4" align="center">
      <ReactCrop
        crop={crop}
        aspect={settings.aspect}
        keepSelection
        ruleOfThirds
        minWidth={24}
        disabled={busy}
        style={{ background: checkerboard, maxHeight: maxImageHeight }}
        onChange={(_, percent) =>
          flow.send({ type: 'crop.change', area: boxToArea(percent, image, zoom) })
        }
      >
        <img
          src={image.src}
          alt="The picked file to crop"
          style={{
            maxHeight: maxImageHeight,
            transform: `scale(${zoom})`,
            transformOrigin: 'center',
          }}
        />
      </ReactCrop>
      <Box w="full" maxW="sm">
        <HStack justify="space-between" mb="1">
          <chakra.label htmlFor={zoomId} fontSize="sm" fontWeight="medium">
            Zoom
          </chakra.label>
          <Text fontSize="sm" color="fg.muted" aria-hidden>
            {zoom.toFixed(1)}×
          </Text>
        </HStack>
        <chakra.input
          id={zoomId}
          type="range"
          w="full"
          accentColor="teal.solid"
          cursor={busy ? 'not-allowed' : 'pointer'}
          min={settings.minZoom}
          max={settings.maxZoom}
          step={settings.zoomStep}
          value={zoom}
          disabled={busy}
          onChange={(event) => flow.send({ type: 'zoom.change', zoom: Number(event.target.value) })}
        />
      </Box>
    </Stack>
  )
}
