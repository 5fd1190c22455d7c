// The CSV import dialog (issue 29), loaded when Import CSV is first pressed: choose a file (or
// download the template), see what its check found (the counts, the first rows and what each
// does, every refused row by row and column, with the failing rows to download), then Import,
// with the upload's progress. The steps are the CSV import machine's; ./use-csv-import.ts
// provides its effects. It cannot be closed while the server writes (its answer is the only way
// to know what happened); closing it while a file goes up cancels that send.
import { Alert, Button, Dialog, HStack, Portal, Progress, Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { FileDown } from 'lucide-react'
import { errorText } from '../lib/api-client'
import { writesSomething } from '../machines/csv-import-machine'
import { ImageFileButton } from './image-file-button'
import { IMPORT_TEXTS } from './import-csv-messages'
import { ImportErrors, ImportPreview } from './import-csv-results'
import { type CsvImportTarget, useCsvImport } from './use-csv-import'

const ACCEPTED = '.csv,text/csv'

export interface ImportCsvDialogProps {
  target: CsvImportTarget
  open: boolean
  onClose: () => void
}

export function ImportCsvDialog({ target, open, onClose }: ImportCsvDialogProps) {
  const actor = useCsvImport(target)
  const state = useSelector(actor, (snapshot) => snapshot)
  const { file, preview, result, error, sent, total } = state.context
  const stage = typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]
  const busy = state.hasTag('busy')
  const cancellable = state.hasTag('cancellable')
  const send = actor.send
  // Closing while the file goes up cancels that send (the dialog stays mounted until reopened).
  const close = () => {
    if (cancellable) send({ type: 'import.cancel' })
    onClose()
  }
  const choose = (file: File) => send({ type: 'file.choose', file })
  const chooseButton = (text: string) => (
    <ImageFileButton size="sm" accept={ACCEPTED} onPick={choose}>
      {text}
    </ImageFileButton>
  )

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && close()}
      placement="top"
      size="lg"
      scrollBehavior="inside"
      // A stray click must not throw a preview away; Esc is fine unless the server writes.
      closeOnInteractOutside={false}
      closeOnEscape={!busy || cancellable}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{IMPORT_TEXTS.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {stage === 'choosing' ? (
                  <>
                    <Text>{IMPORT_TEXTS.intro}</Text>
                    <HStack gap="3" wrap="wrap">
                      {chooseButton(IMPORT_TEXTS.choose)}
                      <Button
                        size="sm"
                        variant="ghost"
                        colorPalette="teal"
                        onClick={() => send({ type: 'template.download' })}
                      >
                        <FileDown aria-hidden /> {IMPORT_TEXTS.template}
                      </Button>
                    </HStack>
                  </>
                ) : (
                  <HStack gap="3" wrap="wrap" justify="space-between">
                    <Text fontWeight="medium" wordBreak="break-all">
                      {file?.name}
                    </Text>
                    {!busy && chooseButton(IMPORT_TEXTS.chooseAnother)}
                  </HStack>
                )}
                {busy && (
                  <Progress.Root
                    size="sm"
                    colorPalette="teal"
                    value={state.hasTag('sending') ? sent : null}
                    max={Math.max(total, 1)}
                  >
                    <Progress.Label fontSize="sm" mb="1">
                      {state.hasTag('sending')
                        ? IMPORT_TEXTS.sending(sent, total)
                        : stage === 'checking'
                          ? IMPORT_TEXTS.checking
                          : IMPORT_TEXTS.writing}
                    </Progress.Label>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                )}
                {stage === 'previewing' && preview && (
                  <ImportPreview
                    answer={preview}
                    onDownload={() => send({ type: 'errors.download' })}
                  />
                )}
                {stage === 'done' && result && (
                  <>
                    <Alert.Root status="success">
                      <Alert.Indicator />
                      <Alert.Title>{IMPORT_TEXTS.done(result)}</Alert.Title>
                    </Alert.Root>
                    <ImportErrors
                      errors={result.errors}
                      onDownload={() => send({ type: 'errors.download' })}
                    />
                  </>
                )}
                {stage === 'failed' && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{errorText(error, IMPORT_TEXTS.failed)}</Alert.Title>
                  </Alert.Root>
                )}
                {stage === 'cancelled' && <Text>{IMPORT_TEXTS.cancelled}</Text>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {busy ? (
                <Button
                  variant="outline"
                  disabled={!cancellable}
                  onClick={() => send({ type: 'import.cancel' })}
                >
                  {IMPORT_TEXTS.cancel}
                </Button>
              ) : (
                <Button variant="outline" onClick={close}>
                  {IMPORT_TEXTS.close}
                </Button>
              )}
              {(stage === 'failed' || stage === 'cancelled') && (
                <Button colorPalette="teal" onClick={() => send({ type: 'import.retry' })}>
                  {IMPORT_TEXTS.retry}
                </Button>
              )}
              {stage === 'previewing' && preview && (
                <Button
                  colorPalette="teal"
                  disabled={!writesSomething(preview)}
                  onClick={() => send({ type: 'import.start' })}
                >
                  {IMPORT_TEXTS.importRows(preview)}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
