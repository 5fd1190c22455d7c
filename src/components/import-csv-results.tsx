// What the import dialog shows of an answer (./import-csv-dialog.tsx): the counts (create, update, unchanged, error), the
// refused rows by row and column with their download, and the file's first rows with what each
// does. The tables scroll inside their own box (a keyboard can reach it), so at 375 px the
// dialog's buttons stay in reach.
import { Badge, Box, Button, Heading, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react'
import { FileDown } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  type CsvImportAnswer,
  type CsvImportError,
  type CsvImportRow,
  writesSomething,
} from '../machines/csv-import-machine'
import { IMPORT_TEXTS, refusedRows, STATUS_LABELS } from './import-csv-messages'

const format = new Intl.NumberFormat('en-NG')
/** The server lists at most this many errors (the first ones). */
const LISTED_ERRORS = 1000

const palettes: Record<CsvImportRow['status'], string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  error: 'red',
}

export function ImportCounts({ answer }: { answer: CsvImportAnswer }) {
  const counts: Array<[CsvImportRow['status'], number]> = [
    ['create', answer.created],
    ['update', answer.updated],
    ['unchanged', answer.unchanged],
    ['error', refusedRows(answer.errors)],
  ]
  return (
    <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
      {counts.map(([status, count]) => (
        <Stat.Root key={status} borderWidth="1px" rounded="md" px="3" py="2">
          <Stat.Label>{STATUS_LABELS[status]}</Stat.Label>
          <Stat.ValueText color={status === 'error' && count > 0 ? 'red.fg' : undefined}>
            {format.format(count)}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  )
}

/** A table in a box of its own height that scrolls, reachable by keyboard (Tab, then arrows). */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      maxH="60"
      overflow="auto"
      borderWidth="1px"
      rounded="md"
      _focusVisible={{ focusRing: 'outside' }}
    >
      <Table.Root size="sm" stickyHeader aria-label={label}>
        {children}
      </Table.Root>
    </Box>
  )
}

export function ImportErrors(props: { errors: CsvImportError[]; onDownload: () => void }) {
  const { errors, onDownload } = props
  if (errors.length === 0) return null
  const title = IMPORT_TEXTS.errorsTitle(errors)
  return (
    <Stack gap="2">
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ sm: 'center' }}
      >
        <Heading as="h3" size="sm" color="red.fg">
          {title}
        </Heading>
        <Button size="sm" variant="outline" onClick={onDownload}>
          <FileDown aria-hidden /> {IMPORT_TEXTS.failingRows}
        </Button>
      </Stack>
      <ScrollingTable label={title}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="16">Row</Table.ColumnHeader>
            <Table.ColumnHeader>Column</Table.ColumnHeader>
            <Table.ColumnHeader>Problem</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {errors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several errors, in order
            <Table.Row key={index}>
              <Table.Cell>{error.row}</Table.Cell>
              <Table.Cell>{error.column}</Table.Cell>
              <Table.Cell>{error.detail}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </ScrollingTable>
      {errors.length >= LISTED_ERRORS && (
        <Text fontSize="sm">{IMPORT_TEXTS.errorsCapped(errors.length)}</Text>
      )}
    </Stack>
  )
}

export function ImportRows({ rows }: { rows: CsvImportRow[] }) {
  if (rows.length === 0) return null
  const title = IMPORT_TEXTS.firstRows(rows.length)
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <ScrollingTable label={title}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="16">Row</Table.ColumnHeader>
            <Table.ColumnHeader width="28">Status</Table.ColumnHeader>
            <Table.ColumnHeader width="20">ID</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.row}>
              <Table.Cell>{row.row}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={palettes[row.status]} variant="subtle">
                  {STATUS_LABELS[row.status]}
                </Badge>
              </Table.Cell>
              <Table.Cell>{row.id ?? ''}</Table.Cell>
              <Table.Cell>{row.name ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </ScrollingTable>
    </Stack>
  )
}

/** What the check found: the counts, the first rows, the errors; what Import would do. */
export function ImportPreview({
  answer,
  onDownload,
}: {
  answer: CsvImportAnswer
  onDownload: () => void
}) {
  const refused = answer.errors.length > 0
  return (
    <>
      <ImportCounts answer={answer} />
      {!writesSomething(answer) && <Text>{IMPORT_TEXTS.nothingToDo}</Text>}
      {writesSomething(answer) && refused && <Text>{IMPORT_TEXTS.skipping(answer)}</Text>}
      <ImportErrors errors={answer.errors} onDownload={onDownload} />
      <ImportRows rows={answer.rows ?? []} />
    </>
  )
}
