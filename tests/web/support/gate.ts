/** A promise the test settles when it wants, to look at a busy or loading state in between. */
export function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}
