import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { askLibraryEarly } from './earlyAnswers'
import { watchForLeaving } from './pendingText'
import { routeOf } from './routes'
import './tokens.css'
import './styles.css'
import './editor.css'

// Text typed in a field is committed before the window closes or the page leaves.
watchForLeaving(window.episcore ?? null)
// A window opening on the library asks for its rows now, while React makes its first render.
if (routeOf(window.location.hash).screen === 'library') askLibraryEarly()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
