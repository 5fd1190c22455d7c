// The pages shown before Chakra's system loads (decision 034) are styled by ./plain.css: the
// sign-in page (its widgets: ../features/auth/plain-fields.tsx), the route error page and this
// spinner.
import './plain.css'

/** A page-sized spinner while the app's design system loads; announced as "Loading". */
export function PlainPageSpinner() {
  return (
    <div role="status" aria-live="polite" className="plain">
      <span className="plain-spinner plain-spinner-lg" aria-hidden />
      <span className="plain-hidden">Loading</span>
    </div>
  )
}
