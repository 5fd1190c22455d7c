// The sign-in page as the server paints it before any script has run: the page's own frame and
// form (src/features/auth/login-page.tsx), rendered once at build time, its fields disabled
// until the page's code replaces them (scripts/prerender-sign-in.ts).
import { renderToStaticMarkup } from 'react-dom/server'
import { PasswordForm, SignInFrame } from '../src/features/auth/login-page'

const nothing = () => undefined

export function signInMarkup(): string {
  // Shown only once parsed to its end (src/app/plain.css, .plain-painted).
  return renderToStaticMarkup(
    <div className="plain-painted">
      <SignInFrame subtitle="Sign in to continue">
        <PasswordForm
          username=""
          password=""
          onUsername={nothing}
          onPassword={nothing}
          onSubmit={nothing}
          busy={false}
          inert
        />
      </SignInFrame>
      <span className="plain-painted-end" />
    </div>,
  )
}
