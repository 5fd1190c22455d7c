// A file input that looks like a button: the label is the button, so the input inside it is
// found by its text (by a screen reader, a test or `setInputFiles`) and keeps keyboard focus.
// It takes images unless told other types (`accept`: the CSV import's file).
import { Button, type ButtonProps, VisuallyHidden } from '@chakra-ui/react'
import { Upload } from 'lucide-react'
import type { ReactNode } from 'react'

export const ACCEPTED_IMAGE_TYPES = 'image/png,image/jpeg,image/webp'

export interface ImageFileButtonProps extends Omit<ButtonProps, 'onChange' | 'asChild'> {
  children: ReactNode
  onPick: (file: File) => void
  /** The file types offered (an `accept` attribute); images by default. */
  accept?: string
}

export function ImageFileButton({
  children,
  onPick,
  disabled,
  accept = ACCEPTED_IMAGE_TYPES,
  ...buttonProps
}: ImageFileButtonProps) {
  return (
    <Button
      asChild
      variant="outline"
      cursor="pointer"
      _focusWithin={{ focusRing: 'outside' }}
      {...buttonProps}
    >
      <label>
        <Upload aria-hidden />
        {children}
        <VisuallyHidden asChild>
          <input
            type="file"
            accept={accept}
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0]
              // Cleared so that picking the same file again is still a change.
              event.target.value = ''
              if (file) onPick(file)
            }}
          />
        </VisuallyHidden>
      </label>
    </Button>
  )
}
