// The sign-in page's widgets without Chakra (decision 034): plain elements styled by
// ../../app/plain.css, with the texts, names and states of the Chakra widgets they stand for.
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useId } from 'react'

interface PlainFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** Shown, and the input marked invalid, when set. */
  error?: string
  help?: string
}

/** A labelled, required input with its help and error texts (as Chakra's Field). */
export function PlainField({ label, error, help, ...input }: PlainFieldProps) {
  const id = useId()
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="plain-field">
      <label className="plain-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="plain-input"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {help && (
        <span id={`${id}-help`} className="plain-help">
          {help}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="plain-field-error" aria-live="polite">
          {error}
        </span>
      )}
    </div>
  )
}

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Disabled, with a spinner and `loadingText` instead of the label. */
  loading?: boolean
  loadingText?: string
  variant?: 'solid' | 'ghost'
  size?: 'md' | 'lg'
}

export function PlainButton({
  loading = false,
  loadingText,
  variant = 'solid',
  size = 'md',
  disabled,
  children,
  ...button
}: PlainButtonProps) {
  const classes = ['plain-button']
  if (variant === 'ghost') classes.push('plain-button-ghost')
  if (size === 'lg') classes.push('plain-button-lg')
  return (
    <button
      type="button"
      className={classes.join(' ')}
      disabled={disabled || loading}
      data-loading={loading || undefined}
      {...button}
    >
      {loading ? (
        <>
          <span className="plain-spinner" aria-hidden />
          {loadingText}
        </>
      ) : (
        children
      )}
    </button>
  )
}

/** An error said at once (role alert), with Chakra's error icon. */
export function PlainAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="plain-alert">
      <svg viewBox="0 0 24 24" aria-hidden>
        <path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z" />
      </svg>
      <div>{children}</div>
    </div>
  )
}
