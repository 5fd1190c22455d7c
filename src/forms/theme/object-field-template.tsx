// Lays out an object's fields, optionally in titled sections given by the ui schema:
// "ui:options": { "sections": [{ "title": "Personal Information", "fields": ["firstName", …] }] }
import { Box, Heading, Stack } from '@chakra-ui/react'
import type { ObjectFieldTemplateProps } from '@rjsf/utils'

interface Section {
  title: string
  fields: string[]
}

export function ObjectFieldTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const sections = (uiSchema?.['ui:options']?.sections ?? []) as Section[]
  if (sections.length === 0) return <Stack gap="0">{properties.map((p) => p.content)}</Stack>
  const placed = new Set(sections.flatMap((s) => s.fields))
  const rest = properties.filter((p) => !placed.has(p.name))
  return (
    <Stack gap="6">
      {sections.map((section) => (
        <Box as="section" key={section.title} aria-label={section.title}>
          <Heading as="h2" size="md" mb="4">
            {section.title}
          </Heading>
          {section.fields.map((name) => properties.find((p) => p.name === name)?.content)}
        </Box>
      ))}
      {rest.map((p) => p.content)}
    </Stack>
  )
}
