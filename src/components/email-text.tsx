// An e-mail address that breaks where a reader expects, after the @ and before a dot
// ("oluwaseun.review@" / "example.com"), never inside a word unless a part is wider than its
// whole line.
import { Fragment } from 'react'

/** The address with break opportunities (<wbr>) after the @ and before each dot. */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/)
  return parts.map((part, index) => (
    // The parts of one address never move, so their places are their keys.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ))
}
