// `npm start`: build the app and run it in Electron. Where Electron's binary cannot be had (no internet to
// fetch it), the same app runs in the browser mode instead, so the command does its job on any machine.
// Every tool runs as its JS entry under this Node: Windows refuses to spawn `.cmd` shims without a shell
// (EINVAL since Node 20.12.2, CVE-2024-27980), and `npx` is not a file there at all.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sandboxProblem, systemFacts } from './linuxSandbox.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(path.join(root, 'package.json'))
const args = process.argv.slice(2)

/** The JS file a package names as its `bin` entry. */
function binEntry(pkg, name) {
  const manifest = require(`${pkg}/package.json`)
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name]
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), bin)
}

const runJs = (script, scriptArgs, options = {}) =>
  spawnSync(process.execPath, [script, ...scriptArgs], { cwd: root, stdio: 'inherit', ...options })

function fail(message) {
  console.error(`episcore: ${message}`)
  process.exit(1)
}

// Read the way electron's own index.js does, without its side effect of downloading on require.
function electronBinary() {
  const electronDir = path.dirname(require.resolve('electron/package.json'))
  const pathFile = path.join(electronDir, 'path.txt')
  if (!fs.existsSync(pathFile)) return null
  const binary = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8'))
  return fs.existsSync(binary) ? binary : null
}

/** The system's way of opening an address in the default browser, where there is one. */
function openInBrowser(url) {
  const opener =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : process.env.DISPLAY || process.env.WAYLAND_DISPLAY
          ? ['xdg-open', [url]]
          : null
  if (!opener) return
  const child = spawn(opener[0], opener[1], { stdio: 'ignore', detached: true })
  child.on('error', () => undefined)
  child.unref()
}

/** The browser mode, as `npm run serve` runs it, printing the address (and opening it where it can). */
function startBrowserMode() {
  const host = spawn(process.execPath, [path.join(root, 'bin', 'episcore'), 'serve', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let opened = false
  host.stdout.setEncoding('utf8')
  host.stdout.on('data', (text) => {
    process.stdout.write(text)
    const url = /https?:\/\/\S+/.exec(text)?.[0]
    if (url && !opened) {
      opened = true
      openInBrowser(url)
    }
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal))
  host.on('exit', (code) => process.exit(code ?? 0))
}

if (runJs(binEntry('electron-vite', 'electron-vite'), ['build']).status !== 0) fail('the build failed')

if (!electronBinary())
  runJs(binEntry('electron', 'install-electron'), ['--no'], {
    stdio: ['ignore', 'ignore', 'ignore'],
    timeout: 300_000,
  })
const binary = electronBinary()
if (binary) {
  // Said in one line before Electron would abort in Chromium's sandbox check; never run without it.
  const problem = process.platform === 'linux' ? sandboxProblem(systemFacts(binary)) : null
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
  const app = spawnSync(binary, [root, ...args], { stdio: 'inherit' })
  process.exit(app.status ?? 0)
} else {
  const version = require('electron/package.json').version
  console.error(
    `episcore: Electron ${version} could not be downloaded here; starting the browser mode instead.`,
  )
  startBrowserMode()
}
