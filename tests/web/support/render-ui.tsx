import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { AppProviders } from '../../../src/app/providers'

/** Mounts one component inside the app's providers (design system, session, messages). */
export function renderUi(ui: ReactElement) {
  const user = userEvent.setup()
  const view = render(<AppProviders>{ui}</AppProviders>)
  return {
    ...view,
    user,
    rerender: (next: ReactElement) => view.rerender(<AppProviders>{next}</AppProviders>),
  }
}
