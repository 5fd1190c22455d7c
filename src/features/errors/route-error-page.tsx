// Plain elements (../../app/plain.css): the page must show when the code that failed to load is
// Chakra's own, as after a deploy or offline (decision 034).
import { useDocumentTitle } from '../../app/use-document-title'

/** Shown when a page throws while rendering or its code fails to load (e.g. after a deploy). */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong')
  return (
    <main className="plain plain-subtle">
      <div className="plain-stack plain-centred plain-error-page">
        <h1 className="plain-heading">Something went wrong</h1>
        <p className="plain-muted">The page could not be shown. Reloading usually helps.</p>
        <button type="button" className="plain-button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  )
}
