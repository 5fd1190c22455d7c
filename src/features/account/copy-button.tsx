import { Button } from '@chakra-ui/react'
import { Copy } from 'lucide-react'
import { notify } from '../../components/messages'
import { ACCOUNT_MESSAGES } from './account-messages'

/** Copies `text` to the clipboard and says so (or says to copy it by hand). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      notify.success(ACCOUNT_MESSAGES.copied)
    } catch {
      notify.error(ACCOUNT_MESSAGES.copyFailed)
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={copy} aria-label={label}>
      <Copy aria-hidden /> Copy
    </Button>
  )
}
