import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter } from './app/router'
import { startImageWorker } from './lib/image-worker'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

startImageWorker()
createRoot(root).render(
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>,
)
