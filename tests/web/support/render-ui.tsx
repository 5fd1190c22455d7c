import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { AppProviders } from '../../../src/app/providers'
import { DesignSystem } from '../../../src/app/styled-layout'
import { notify } from '../../../src/components/messages'
import { createQueryClient } from '../../../src/lib/query-client'

/**
 * The query cache components mounted alone share within a test, as the shell's does within a
 * session; emptied after each test (setup.ts).
 */
export const testQueryClient = createQueryClient({ notFound: () => {}, report: notify.error })

function Providers({ children }: { children: ReactElement }) {
  return (
    <AppProviders>
      <DesignSystem>
        <QueryClientProvider client={testQueryClient}>{children}</QueryClientProvider>
      </DesignSystem>
    </AppProviders>
  )
}

/** Mounts one component inside the app's providers (design system, session, messages, queries). */
export function renderUi(ui: ReactElement) {
  const user = userEvent.setup()
  const view = render(<Providers>{ui}</Providers>)
  return {
    ...view,
    user,
    rerender: (next: ReactElement) => view.rerender(<Providers>{next}</Providers>),
  }
}
