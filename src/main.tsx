import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter } from './app/router'
import { startImageWorker } from './lib/image-worker'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

startImageWorker()
const { router, firstPage } = createAppRouter()
const render = () =>
  // The first render as a transition: React yields to the browser every few milliseconds instead
  // of holding the main thread for the whole page, which a phone's slower CPU turns into seconds
  // of blocking time (issue 32). What is shown is the same.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    )
  })

// The server painted /login already (scripts/prerender-sign-in.ts): keep it until the page's
// code has loaded, so React renders the same page over it rather than a spinner between.
if (root.hasChildNodes()) firstPage.then(render)
else render()
