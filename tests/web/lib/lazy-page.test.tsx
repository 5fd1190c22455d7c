import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyPage, type PreloadHandle, preloadMatches } from '../../../src/app/lazy-page'

const pageModule = () => Promise.resolve({ Page: () => <h1>The page</h1> })
const inSuspense = (element: React.ReactNode) => (
  <Suspense fallback={<p>Loading</p>}>{element}</Suspense>
)

describe('lazyPage', () => {
  it('shows its fallback while the code loads, then the page', async () => {
    const route = lazyPage(pageModule, 'Page')
    render(inSuspense(route.element))
    expect(screen.getByText('Loading')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument()
  })

  it('renders at once, with no fallback, when its code was loaded before (main.tsx over the painted sign-in page)', async () => {
    const route = lazyPage(pageModule, 'Page')
    await preloadMatches([route])
    render(inSuspense(route.element))
    expect(screen.queryByText('Loading')).toBeNull()
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument()
  })

  it('preloadMatches settles once every page has loaded or failed', async () => {
    const failing: PreloadHandle = { preload: () => Promise.reject(new Error('offline')) }
    const route = lazyPage(pageModule, 'Page')
    await expect(preloadMatches([{ handle: failing }, route, {}])).resolves.toBeUndefined()
  })
})
