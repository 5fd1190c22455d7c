// The "cropper" widget is a slot: the page that renders an image form passes the cropper it
// uses (photo, logo or product image) as `formContext.cropper`, so the schema only says where
// the image goes and the page decides how it is picked and cropped.
import { Text } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import type { ComponentType } from 'react'

export function CropperSlotWidget(props: WidgetProps) {
  const Cropper = (
    props.registry.formContext as { cropper?: ComponentType<WidgetProps> } | undefined
  )?.cropper
  if (Cropper) return <Cropper {...props} />
  return (
    <Text color="fg.muted" fontSize="sm" id={props.id}>
      No image cropper is available on this screen.
    </Text>
  )
}
