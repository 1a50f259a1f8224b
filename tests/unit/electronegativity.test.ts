import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { tempFolder } from '../tempFolder'

const ROOT = path.resolve(__dirname, '..', '..')
const BUILT_PAGE = path.join(ROOT, 'out', 'renderer', 'index.html')

/**
 * What ships, as the tool can read it: the sources, and the page as built (its CSP `<meta>` is written
 * in at build time from the policy that both shells also send as a header, which the tool cannot see).
 */
function shippedTree(): string {
  if (!fs.existsSync(BUILT_PAGE)) throw new Error(`${BUILT_PAGE} is missing: run npm run build first`)
  const tree = tempFolder()
  fs.cpSync(path.join(ROOT, 'src'), path.join(tree, 'src'), { recursive: true })
  fs.mkdirSync(path.join(tree, 'out', 'renderer'), { recursive: true })
  fs.copyFileSync(BUILT_PAGE, path.join(tree, 'out', 'renderer', 'index.html'))
  return tree
}

/**
 * Checks not run, each with its reason. AvailableSecurityFixesGlobalCheck downloads Electron's release
 * list to say whether a newer Electron exists: a question about the pinned dependency, answered by
 * updating it, not about this code, and a network call a test must not depend on.
 */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck']

interface Finding {
  id: string
  file: string
  location: { line: number; column: number }
  severity: { name: string; value: number }
  confidence: { name: string }
  description: string
}

interface Report {
  globalChecks: number
  atomicChecks: number
  errors: { file: string; message: string; tolerable: boolean }[]
  issues: Finding[]
}

/** MEDIUM in electronegativity's scale (INFORMATIONAL 0, LOW 1, MEDIUM 2, HIGH 3). */
const MEDIUM = 2

/*
 * The tool's documented programmatic API, in a child process: it sets globals (i18n) and a logger. At
 * each run it also downloads translations (with retries, seconds when offline); its HTTP client is
 * replaced by one that fails at once, so the run makes no network call and uses the bundled English.
 */
const SCRIPT = `
const fs = require('fs')
const Module = require('module')
const load = Module._load
Module._load = function (request, ...rest) {
  if (request === 'got') return () => Promise.reject(new Error('no network in tests'))
  return load.call(this, request, ...rest)
}
const run = require('@doyensec/electronegativity')
const [output, electronVersion, excluded, ...inputs] = process.argv.slice(1)
;(async () => {
  const reports = []
  for (const input of inputs)
    reports.push(await run({
      input,
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: excluded.split(','),
    }))
  fs.writeFileSync(output, JSON.stringify(reports))
})().catch((error) => {
  console.error(error)
  process.exit(1)
})
`

/** The Electron the app ships, as package.json pins it: the checks' defaults depend on the version. */
function electronVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>
  }
  return (pkg.devDependencies.electron ?? '').replace(/^[^\d]*/, '')
}

/**
 * The reason written at a finding: `// electronegativity: <CHECK_ID> justified: <why>` on the flagged
 * line or in the comment lines right above it.
 */
function justification(root: string, finding: Finding): string | null {
  if (finding.file === 'N/A') return null
  const lines = fs.readFileSync(path.join(root, finding.file), 'utf8').split('\n')
  const pattern = new RegExp(`electronegativity: ${finding.id} justified: (\\S.*)`)
  const flagged = finding.location.line - 1
  for (let i = flagged; i >= 0; i--) {
    const line = lines[i] ?? ''
    const found = pattern.exec(line)
    if (found) return found[1] ?? null
    if (i < flagged && !/^\s*(\/\/|\/\*|\*)/.test(line)) break
  }
  return null
}

const unjustified = (root: string, report: Report): string[] =>
  report.issues
    .filter((f) => f.severity.value >= MEDIUM && justification(root, f) === null)
    .map(
      (f) =>
        `${f.id} (${f.severity.name}, ${f.confidence.name}) at ${f.file}:${f.location.line}: ${f.description}`,
    )

/** An app doing what the checks exist for, to prove this harness reports what the tool finds. */
const INSECURE_APP = `const { app, BrowserWindow, shell } = require('electron')
app.whenReady().then(() => {
  const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } })
  win.webContents.setWindowOpenHandler(({ url }) => {
    shell.openExternal(url)
    // electronegativity: OPEN_EXTERNAL_JS_CHECK justified: the fixture's own exception, read by the test
    shell.openExternal(url + '#2')
    return { action: 'deny' }
  })
})
`

describe('electronegativity over the sources', () => {
  let app: Report
  let insecure: Report
  const insecureDir = tempFolder()

  let shipped: string

  beforeAll(async () => {
    shipped = shippedTree()
    fs.writeFileSync(path.join(insecureDir, 'main.js'), INSECURE_APP)
    const output = path.join(tempFolder(), 'electronegativity.json')
    await promisify(execFile)(
      process.execPath,
      ['-e', SCRIPT, output, electronVersion(), EXCLUDED_CHECKS.join(','), shipped, insecureDir],
      { cwd: ROOT, timeout: 60_000, env: { ...process.env, LANG: 'en-US' } },
    )
    ;[app, insecure] = JSON.parse(fs.readFileSync(output, 'utf8')) as [Report, Report]
  }, 90_000)

  it('finds nothing of medium severity or above that is not justified where it is flagged', () => {
    expect(app.atomicChecks).toBeGreaterThan(30)
    expect(app.globalChecks).toBeGreaterThan(3)
    // A file the tool could not parse is a file it did not check.
    expect(app.errors.filter((e) => !e.tolerable)).toEqual([])
    expect(unjustified(shipped, app)).toEqual([])
  })

  it('would report an insecure window, and reads a justification only where it is written', () => {
    const found = unjustified(insecureDir, insecure)
    expect(found.some((f) => f.startsWith('SANDBOX_JS_CHECK'))).toBe(true)
    expect(found.some((f) => f.startsWith('CONTEXT_ISOLATION_JS_CHECK'))).toBe(true)
    expect(found.some((f) => f.startsWith('PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK'))).toBe(true)
    expect(found.filter((f) => f.startsWith('OPEN_EXTERNAL_JS_CHECK'))).toEqual([
      expect.stringMatching(/ at main\.js:5: /),
    ])
  })
})
