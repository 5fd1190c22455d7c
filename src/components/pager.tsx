// The pager under every list: "Showing 31–60 of 3,042", rows per page, First / Previous /
// "Page X of Y" / Next / Last, and a page number to jump to. Previous and Next follow the API's
// hasPrev / hasNext (spec); First and Last the page against totalPages.
import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
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
}

interface PagerProps {
  pagination: PageInfo
  onPage: (page: number) => void
  /** Offers the rows-per-page choice when given. */
  onPageSize?: (size: number) => void
  /** Spelling of the label: the spec says "Page X of Y" on some lists and "Page x of y" on others. */
  label?: (page: number, totalPages: number) => string
}

const count = new Intl.NumberFormat('en-NG')

/** "Showing 31–60 of 3,042" (an en dash between the bounds). */
export function showingText({ page, pageSize, total }: PageInfo): string {
  const first = Math.min((page - 1) * pageSize + 1, total)
  const last = Math.min(page * pageSize, total)
  return `Showing ${count.format(first)}–${count.format(last)} of ${count.format(total)}`
}

export function Pager({ pagination, onPage, onPageSize, label }: PagerProps) {
  const { page, totalPages, hasPrev, hasNext, pageSize } = pagination
  return (
    <Stack gap="3" mt="6" align="center">
      <HStack gap="4" wrap="wrap" justify="center">
        <Text fontSize="sm" color="fg.muted">
          {showingText(pagination)}
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
          {label ? label(page, totalPages) : `Page ${page} of ${totalPages}`}
        </Text>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next <ChevronRight aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label="Last page"
          disabled={page >= totalPages}
          onClick={() => onPage(totalPages)}
        >
          <ChevronLast aria-hidden />
        </Button>
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
