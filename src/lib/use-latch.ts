// Widgets whose code loads on first use (the message dialog, the confirm dialog, the menu drawer)
// mount the first time they are wanted and stay mounted, so closing still animates.
import { useState } from 'react'

/** True from the first render where `value` is true on. */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value)
  if (value && !latched) setLatched(true)
  return latched || value
}
