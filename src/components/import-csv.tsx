// The Import CSV button beside Export CSV in a list's toolbar (issue 29), shown only to a role
// that may write. The dialog's code (./import-csv-dialog.tsx: its machine, tables and CSV
// reading) loads when the button is first pressed, so the list pages do not grow; each opening
// starts afresh.
import { Button } from '@chakra-ui/react'
import { Upload } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useCan } from '../lib/me'
import type { LoadMeta } from '../lib/query-client'

/** The button's words; the dialog's are in ./import-csv-messages.ts, loaded with it. */
const LABEL = 'Import CSV'

const ImportCsvDialog = lazy(async () => ({
  default: (await import('./import-csv-dialog')).ImportCsvDialog,
}))

interface ImportCsvProps {
  /** The list's query options (listQuery): the file goes to `<path>/import`, and the template
   * is its `<path>/export`'s header row. */
  list: { meta?: LoadMeta }
  /** API paths whose queries reload after an import or its undo (the list's BulkTarget's). */
  refreshes: readonly string[]
}

export function ImportCsv({ list, refreshes }: ImportCsvProps) {
  const canWrite = useCan('write')
  // Counts the openings: a new key each time gives a fresh dialog (and machine).
  const [opened, setOpened] = useState(0)
  const [open, setOpen] = useState(false)
  if (!canWrite) return null
  const path = list.meta?.list?.path ?? ''
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        colorPalette="teal"
        onClick={() => {
          setOpened((count) => count + 1)
          setOpen(true)
        }}
      >
        <Upload aria-hidden /> {LABEL}
      </Button>
      {opened > 0 && (
        <Suspense fallback={null}>
          <ImportCsvDialog
            key={opened}
            target={{ path, refreshes }}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}
