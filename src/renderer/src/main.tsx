import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { watchForLeaving } from './pendingText'
import './tokens.css'
import './styles.css'
import './editor.css'

// Text typed in a field is committed before the window closes or the page leaves.
watchForLeaving(window.episcore ?? null)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
