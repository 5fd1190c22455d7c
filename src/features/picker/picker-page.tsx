// Public demo of passport photo cropping (spec §2): pick a file, crop at 4:3 with zoom 0.3 to 3,
// and see the PNG the app would send. Nothing is saved or uploaded.
import {
  Box,
  Button,
  Card,
  Center,
  Heading,
  HStack,
  Image,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { useDocumentTitle } from '../../app/use-document-title'
import { ImageCropper } from '../../components/image-cropper'
import { ImageFileButton } from '../../components/image-file-button'
import { type CropFlow, useCropFlow } from '../../components/use-crop-flow'
import { hasSize } from '../../lib/crop-geometry'
import { dataUrlByteSize, outputSize } from '../../lib/crop-image'
import { pickerCrop } from '../../lib/crop-presets'
import { formatBytes } from '../../lib/format'

const checkerboard = 'repeating-conic-gradient(#e4e4e7 0% 25%, #ffffff 0% 50%) 50% / 16px 16px'

export function PickerPage() {
  useDocumentTitle('Passport Photo Picker')
  const flow = useCropFlow({ settings: pickerCrop })
  const active = useSelector(flow, (state) => state.hasTag('active'))
  const loading = useSelector(flow, (state) => state.hasTag('loading'))
  const cropped = useSelector(flow, (state) => state.hasTag('cropped'))

  return (
    <Center as="main" minH="100dvh" px="4" py="8" bg="bg.subtle">
      <Card.Root w="full" maxW="2xl" variant="outline" bg="bg.panel">
        <Card.Body>
          <Stack gap="5">
            <Stack gap="2">
              <Heading as="h1" size="xl">
                Passport Photo Picker
              </Heading>
              <Text color="fg.muted">
                A demo of passport photo cropping (4:3, zoom 0.3 to 3). Nothing is saved.
              </Text>
            </Stack>
            <Box>
              <ImageFileButton onPick={(file) => flow.send({ type: 'file.pick', file })}>
                {active ? 'Choose another photo' : 'Choose a photo'}
              </ImageFileButton>
            </Box>
            {loading && (
              <Center minH="48">
                <Spinner size="lg" color="teal.solid" aria-label="Loading the image" />
              </Center>
            )}
            {active &&
              !loading &&
              (cropped ? <CropResult flow={flow} /> : <Cropping flow={flow} />)}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  )
}

function Cropping({ flow }: { flow: CropFlow }) {
  const busy = useSelector(flow, (state) => state.hasTag('busy'))
  const canApply = useSelector(flow, (state) => hasSize(state.context.area))
  return (
    <Stack gap="4">
      <ImageCropper flow={flow} />
      <HStack gap="3" justify="flex-end">
        <Button variant="outline" onClick={() => flow.send({ type: 'crop.remove' })}>
          Remove
        </Button>
        <Button
          colorPalette="teal"
          disabled={busy || !canApply}
          onClick={() => flow.send({ type: 'crop.apply' })}
        >
          Apply Crop
        </Button>
      </HStack>
    </Stack>
  )
}

function CropResult({ flow }: { flow: CropFlow }) {
  const dataUrl = useSelector(flow, (state) => state.context.dataUrl)
  const area = useSelector(flow, (state) => state.context.area)
  if (!dataUrl || !area) return null
  const size = outputSize(area, { width: pickerCrop.maxWidth, height: pickerCrop.maxHeight })

  return (
    <Stack gap="4" align="center">
      <Image
        src={dataUrl}
        alt="The cropped photo"
        maxW="full"
        maxH="60vh"
        borderWidth="1px"
        rounded="md"
        style={{ background: checkerboard }}
      />
      <Text color="fg.muted" fontSize="sm">
        PNG, {size.width} × {size.height} px, {formatBytes(dataUrlByteSize(dataUrl))}
      </Text>
      <HStack gap="3">
        <Button variant="outline" onClick={() => flow.send({ type: 'crop.redo' })}>
          Re-crop
        </Button>
        <Button variant="outline" onClick={() => flow.send({ type: 'crop.remove' })}>
          Remove
        </Button>
      </HStack>
    </Stack>
  )
}
