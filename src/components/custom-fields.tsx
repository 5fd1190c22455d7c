// The custom fields of a record on its detail page (issue 11): one row per field the schema
// declares, titled as the form titles it, rendered by its type. Place inside a DetailList.
import { Link, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { CustomField } from '../forms/custom-fields'
import { DetailItem } from './detail-list'
import { EmailText } from './email-text'

const numbers = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 6 })
const dates = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'UTC' })

export function CustomFieldItems({ fields, record }: { fields: CustomField[]; record: object }) {
  return fields.map((field) => (
    <DetailItem key={field.name} label={field.title}>
      <CustomValue field={field} value={(record as Record<string, unknown>)[field.name]} />
    </DetailItem>
  ))
}

export function CustomValue({ field, value }: { field: CustomField; value: unknown }) {
  if (value === undefined || value === null || value === '') {
    return <Text color="fg.muted">Not set</Text>
  }
  const { schema, labels } = field
  if (labels.has(value)) return labels.get(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return numbers.format(value)
  const text = String(value)
  switch (schema.format) {
    case 'date': {
      const date = new Date(`${text}T00:00:00Z`)
      return Number.isNaN(date.getTime()) ? text : dates.format(date)
    }
    case 'email':
      return (
        <ExternalLink href={`mailto:${text}`}>
          <EmailText email={text} />
        </ExternalLink>
      )
    case 'uri':
      // Only web addresses become links: a `javascript:` URI is valid, and shown as text.
      return /^https?:\/\//i.test(text) ? (
        <ExternalLink href={text} newTab>
          {text}
        </ExternalLink>
      ) : (
        text
      )
    default:
      return <Text whiteSpace="pre-wrap">{text}</Text>
  }
}

function ExternalLink(props: { href: string; newTab?: boolean; children: ReactNode }) {
  const target = props.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
  return (
    <Link
      href={props.href}
      color="teal.fg"
      textDecoration="underline"
      overflowWrap="anywhere"
      {...target}
    >
      {props.children}
    </Link>
  )
}
