// The pager under every list: "Showing 31–60 of 3,042", rows per page, First / Previous /
// "Page X of Y" / Next / Last, and a page number to jump to. Previous and Next follow the API's
// hasPrev / hasNext (spec); First and Last the page against totalPages. A total the server says
// is not exact (counted before its latest write, decision 030) reads "of about 2.5M" and "Page 1
// of about 83,334", and there is no Last button: the last page is not known yet.
import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { formatAboutCount } from '../lib/format'
import { PAGE_SIZES } from './use-list-params'

export interface PagerInfo {
  page: number
  totalPages: number
  hasPrev: boolean
  hasNext: boolean
}

/** The whole pagination block a list answers with. */
export interface PageInfo extends PagerInfo {
  pageSize: number
  total: number
  /** False when the server counted `total` before its latest write and is counting it again;
   * a server that does not say counts exactly. */
  totalExact?: boolean
}

interface PagerProps {
  pagination: PageInfo
  /** How many rows this page shows (the last bound of "Showing" when the total is not exact). */
  shown?: number
  onPage: (page: number) => void
  /** Offers the rows-per-page choice when given. */
  onPageSize?: (size: number) => void
  /** Spelling of the label: the spec says "Page X of Y" on some lists and "Page x of y" on others. */
  label?: (page: number, totalPages: number) => string
}

const count = new Intl.NumberFormat('en-NG')

/** "Showing 31–60 of 3,042" (an en dash between the bounds); "Showing 1–30 of about 2.5M" when
 * the total is not exact, the bounds then following the rows `shown`. */
export function showingText(pagination: PageInfo, shown?: number): string {
  const { page, pageSize, total } = pagination
  if (pagination.totalExact === false) {
    const first = (page - 1) * pageSize + 1
    const last = (page - 1) * pageSize + (shown ?? pageSize)
    return `Showing ${count.format(first)}–${count.format(last)} of ${formatAboutCount(total)}`
  }
  const first = Math.min((page - 1) * pageSize + 1, total)
  const last = Math.min(page * pageSize, total)
  return `Showing ${count.format(first)}–${count.format(last)} of ${count.format(total)}`
}

export function Pager({ pagination, shown, onPage, onPageSize, label }: PagerProps) {
  const { page, totalPages, hasPrev, hasNext, pageSize } = pagination
  const exact = pagination.totalExact !== false
  const pageText = !exact
    ? `Page ${page} of about ${count.format(totalPages)}`
    : label
      ? label(page, totalPages)
      : `Page ${page} of ${totalPages}`
  return (
    <Stack gap="3" mt="6" align="center">
      <HStack gap="4" wrap="wrap" justify="center">
        <Text fontSize="sm" color="fg.muted">
          {showingText(pagination, shown)}
        </Text>
        {onPageSize && (
          <Field.Root orientation="horizontal" gap="2" width="auto">
            <Field.Label fontSize="sm" color="fg.muted" whiteSpace="nowrap">
              Rows per page
            </Field.Label>
            <NativeSelect.Root size="sm" width="20">
              <NativeSelect.Field
                value={pageSize}
                onChange={(e) => onPageSize(Number(e.target.value))}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </HStack>
      <HStack as="nav" aria-label="Pagination" justify="center" gap="2" wrap="wrap">
        <Button
          variant="outline"
          size="sm"
          aria-label="First page"
          disabled={page <= 1}
          onClick={() => onPage(1)}
        >
          <ChevronFirst aria-hidden />
        </Button>
        <Button variant="outline" size="sm" disabled={!hasPrev} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite" px="2">
          {pageText}
        </Text>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next <ChevronRight aria-hidden />
        </Button>
        {exact && (
          <Button
            variant="outline"
            size="sm"
            aria-label="Last page"
            disabled={page >= totalPages}
            onClick={() => onPage(totalPages)}
          >
            <ChevronLast aria-hidden />
          </Button>
        )}
        <PageJump page={page} totalPages={totalPages} onPage={onPage} />
      </HStack>
    </Stack>
  )
}

/** A page number to go to: Enter or Go; a number outside 1…last is brought within. */
interface PageJumpProps {
  page: number
  totalPages: number
  onPage: (page: number) => void
}

function PageJump({ page, totalPages, onPage }: PageJumpProps) {
  const [text, setText] = useState(String(page))
  useEffect(() => setText(String(page)), [page])
  const go = (event: FormEvent) => {
    event.preventDefault()
    const wanted = Math.trunc(Number(text))
    if (!Number.isFinite(wanted) || text.trim() === '') return setText(String(page))
    onPage(Math.min(Math.max(wanted, 1), totalPages))
  }
  return (
    // noValidate: a number past the end goes to the last page rather than being refused.
    <HStack asChild gap="1">
      <form onSubmit={go} noValidate>
        <Field.Root orientation="horizontal" gap="1">
          <Field.Label fontSize="sm" color="fg.muted" whiteSpace="nowrap">
            Go to page
          </Field.Label>
          <Input
            size="sm"
            width="16"
            type="number"
            inputMode="numeric"
            min={1}
            max={totalPages}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Field.Root>
        <Button type="submit" size="sm" variant="subtle">
          Go
        </Button>
      </form>
    </HStack>
  )
}
