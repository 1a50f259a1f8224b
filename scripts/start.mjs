// `npm start`: fetch Electron's binary if missing, build better-sqlite3 for Electron beside the Node
// build (so `npm test` keeps working), build the app, and run it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(path.join(root, 'package.json'))
const bin = (name) =>
  path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)
const run = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
const electronVersion = require('electron/package.json').version

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

if (!electronBinary()) {
  const fetched = run(bin('install-electron'), ['--no'], {
    stdio: ['ignore', 'ignore', 'ignore'],
    timeout: 300_000,
  })
  if (fetched.status !== 0 || !electronBinary())
    fail(
      `Electron ${electronVersion} could not be downloaded (no internet here?); use the browser mode instead: npm run serve -- --db PATH`,
    )
}

// better-sqlite3 built for Electron's ABI, kept apart from the Node build the tests and CLI load.
const nativeDir = path.join(root, '.electron-native', electronVersion)
const nativeFile = path.join(nativeDir, 'better_sqlite3.node')
if (!fs.existsSync(nativeFile)) {
  const work =
    (fs.mkdirSync(path.join(root, '.electron-native'), { recursive: true }),
    fs.mkdtempSync(path.join(root, '.electron-native', 'build-')))
  fs.cpSync(path.join(root, 'node_modules', 'better-sqlite3'), work, { recursive: true })
  const env = {
    ...process.env,
    npm_config_runtime: 'electron',
    npm_config_target: electronVersion,
    npm_config_disturl: 'https://electronjs.org/headers',
  }
  const prebuilt = run(bin('prebuild-install'), ['--runtime', 'electron', '--target', electronVersion], {
    cwd: work,
    env,
  })
  if (prebuilt.status !== 0) {
    const gyp = run(
      'npx',
      [
        '--yes',
        'node-gyp',
        'rebuild',
        '--release',
        `--target=${electronVersion}`,
        '--runtime=electron',
        '--dist-url=https://electronjs.org/headers',
      ],
      { cwd: work, env },
    )
    if (gyp.status !== 0)
      fail(
        'could not build better-sqlite3 for Electron; use the browser mode instead: npm run serve -- --db PATH',
      )
  }
  fs.mkdirSync(nativeDir, { recursive: true })
  fs.copyFileSync(path.join(work, 'build', 'Release', 'better_sqlite3.node'), nativeFile)
  fs.rmSync(work, { recursive: true, force: true })
}

if (run(bin('electron-vite'), ['build']).status !== 0) fail('the build failed')
const app = run(electronBinary(), [root, ...process.argv.slice(2)], {
  env: { ...process.env, EPISCORE_SQLITE_BINDING: nativeFile },
})
process.exit(app.status ?? 0)
