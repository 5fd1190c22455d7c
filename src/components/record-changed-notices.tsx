// What RecordChangedAlert (record-changed-alert.tsx) shows, loaded once there is something to
// show: "This record was changed by <operator>", each field that changed ("Name: before → now",
// the field named by its title in the schemas, its value read as the history reads it), the
// fields the operator edited too, and Load the new version. Once loaded, a note says which edits
// were kept and which were replaced by the new version's values (with what had been typed, to
// type again). A save's 412 seen before the new version is fetched keeps its own alert
// (StaleRecordAlert).
import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { valueText } from '../lib/history'
import type { MergedEdits } from '../lib/merge-edits'
import type { NewerVersion } from '../lib/use-edit-record'
import { errorText, messageTitles } from './messages'
import { RECORD_CHANGED_MESSAGES as TEXT } from './record-changed-messages'
import { StaleRecordAlert } from './stale-record-alert'

/** What the page calls its fields: the titles in its schemas (forms/field-titles.ts). */
export interface FieldNames {
  title(field: string): string
}

/** The parts of an edit screen's record (useEditRecord) the alerts show and act on. */
export interface RecordChangedState<T> {
  newer?: NewerVersion<T>
  merged?: MergedEdits
  stale: unknown
  loadNewer(): void
  dismissNewer(): void
  dismissMerged(): void
  reload(): void
  dismissStale(): void
}

export function RecordChangedNotices<T>(props: {
  edit: RecordChangedState<T>
  titles: FieldNames
}) {
  const { edit, titles } = props
  if (edit.newer) {
    return (
      <NewerVersionAlert
        newer={edit.newer}
        refusal={edit.stale}
        titles={titles}
        onLoad={edit.loadNewer}
        onDismiss={edit.dismissNewer}
      />
    )
  }
  if (edit.stale) {
    return (
      <StaleRecordAlert error={edit.stale} onReload={edit.reload} onDismiss={edit.dismissStale} />
    )
  }
  if (edit.merged) {
    return <LoadedNote merged={edit.merged} titles={titles} onDismiss={edit.dismissMerged} />
  }
  return null
}

function NewerVersionAlert<T>(props: {
  newer: NewerVersion<T>
  /** A save's 412, whose detail says it when no change was heard. */
  refusal: unknown
  titles: FieldNames
  onLoad: () => void
  onDismiss: () => void
}) {
  const { newer, refusal, titles, onLoad, onDismiss } = props
  const names = namesIn(newer.opened, newer.record)
  return (
    <Alert.Root status="warning" role="alert" maxW="3xl" mb="4" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2" minW="0">
        <Alert.Title fontWeight="semibold">{messageTitles.warning}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>
              {newer.change
                ? TEXT.changedBy(newer.change.operator)
                : errorText(refusal, TEXT.changed)}
            </Text>
            <Text>{TEXT.intro}</Text>
            <Stack as="ul" gap="1" fontSize="sm" listStyleType="none" aria-label="Changes">
              {newer.changes.map(({ field, before, after, clash, mine }) => (
                <Box as="li" key={field} overflowWrap="anywhere">
                  <Text as="span" fontWeight="medium">
                    {titles.title(field)}:
                  </Text>{' '}
                  {shown(before, field, names)} → {shown(after, field, names)}
                  {clash && (
                    <Text as="span" display="block" fontStyle="italic">
                      {TEXT.clash(shown(mine, field, names))}
                    </Text>
                  )}
                </Box>
              ))}
            </Stack>
            <Text>{TEXT.hint}</Text>
          </Stack>
        </Alert.Description>
        <HStack gap="2" mt="1" wrap="wrap">
          <Button size="sm" colorPalette="orange" onClick={onLoad}>
            {TEXT.load}
          </Button>
          <Button size="sm" variant="outline" onClick={onDismiss}>
            Dismiss
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  )
}

/** After Load the new version: what was kept and replaced. Focused, since the button is gone. */
function LoadedNote(props: { merged: MergedEdits; titles: FieldNames; onDismiss: () => void }) {
  const { merged, titles, onDismiss } = props
  const note = useRef<HTMLDivElement>(null)
  useEffect(() => note.current?.focus(), [])
  const kept = merged.kept.map((field) => titles.title(field)).join(', ')
  return (
    <Alert.Root
      ref={note}
      tabIndex={-1}
      status="info"
      role="status"
      maxW="3xl"
      mb="4"
      alignItems="flex-start"
    >
      <Alert.Indicator />
      <Alert.Content gap="2" minW="0">
        <Alert.Title fontWeight="semibold">{messageTitles.info}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>
              {TEXT.loaded}
              {kept && ` ${TEXT.kept(kept)}`}
            </Text>
            {merged.clashes.length > 0 && (
              <>
                <Text>{TEXT.replaced}</Text>
                <Stack as="ul" gap="1" fontSize="sm" listStyleType="none">
                  {merged.clashes.map(({ field, mine }) => (
                    <Box as="li" key={field} overflowWrap="anywhere">
                      <Text as="span" fontWeight="medium">
                        {titles.title(field)}
                      </Text>{' '}
                      ({TEXT.typed(shown(mine, field, new Map()))})
                    </Box>
                  ))}
                </Stack>
              </>
            )}
          </Stack>
        </Alert.Description>
        <HStack gap="2" mt="1">
          <Button size="sm" variant="outline" onClick={onDismiss}>
            Dismiss
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  )
}

/** The names of the ids the records list with them (a product's `productCategories`). */
function namesIn(...records: unknown[]): Map<number, string> {
  const names = new Map<number, string>()
  for (const record of records) {
    if (typeof record !== 'object' || record === null) continue
    for (const value of Object.values(record)) {
      if (!Array.isArray(value)) continue
      for (const item of value) {
        if (typeof item?.id === 'number' && typeof item?.name === 'string') {
          names.set(item.id, item.name)
        }
      }
    }
  }
  return names
}

/** A form value as a person reads it; a list of ids by the names the records give them. */
function shown(value: unknown, field: string, names: Map<number, string>): string {
  if (Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'number')) {
    return value.map((id) => names.get(id) ?? String(id)).join(', ')
  }
  return valueText(value, field)
}
