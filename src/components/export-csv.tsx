// The Export CSV button of a list's toolbar: downloads every row matching the list's current
// filters and sort (all pages), shows how many rows have arrived of how many, and can cancel.
import { Button, HStack, Progress } from '@chakra-ui/react'
import { Download, X } from 'lucide-react'
import type { LoadMeta } from '../lib/query-client'
import { useCsvExport } from './use-csv-export'

interface ExportCsvProps {
  /** The list's query options (listQuery): the export is `<path>/export` with the list's
   * filters and sort, without its page and page size. */
  list: { meta?: LoadMeta }
}

export function ExportCsv({ list }: ExportCsvProps) {
  const { path, query } = list.meta?.list ?? { path: '', query: {} }
  const { page: _page, pageSize: _pageSize, ...filters } = query
  const { state, start, cancel } = useCsvExport(path, filters)
  if (state.status === 'idle') {
    return (
      <Button size="sm" variant="outline" colorPalette="teal" onClick={start}>
        <Download aria-hidden /> Export CSV
      </Button>
    )
  }
  const { rows, total } = state
  const text =
    total === null
      ? `Exporting… ${rows.toLocaleString('en-NG')} rows`
      : `Exporting… ${rows.toLocaleString('en-NG')} of ${total.toLocaleString('en-NG')} rows`
  return (
    <HStack gap="2" width={{ base: 'full', sm: '72' }}>
      <Progress.Root
        flex="1"
        size="sm"
        colorPalette="teal"
        value={total === null ? null : rows}
        max={Math.max(total ?? 0, 1)}
      >
        <Progress.Label fontSize="sm" mb="1">
          {text}
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Button size="sm" variant="outline" onClick={cancel}>
        <X aria-hidden /> Cancel
      </Button>
    </HStack>
  )
}
