import { Card, Center, Heading, Stack, Text } from '@chakra-ui/react'

/** Public demo of passport photo cropping (spec §2); the cropper arrives in a later issue. */
export function PickerPage() {
  return (
    <Center minH="100dvh" px="4" bg="bg.subtle">
      <Card.Root w="full" maxW="lg" variant="outline" bg="bg.panel">
        <Card.Body>
          <Stack gap="2">
            <Heading as="h1" size="xl">
              Passport Photo Picker
            </Heading>
            <Text color="fg.muted">
              A demo of passport photo cropping (4:3, zoom 0.3 to 3). Nothing is saved.
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  )
}
