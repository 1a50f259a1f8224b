// Bundles the command line (src/cli) into out/cli as plain JavaScript, so that bin/episcore starts with
// Node alone: nothing is compiled when it runs. `npm install` runs this (prepare), `npm run build` too
// (electron.vite.config.ts), and the unit tests before they call bin/episcore.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const CLI_DIR = path.join(root, 'out', 'cli')
const TRANSCRIPT_FILE = path.join(root, 'src', 'core', 'transcript', 'transcriptFile.ts')

/** What every bundle shares: Node's CommonJS, the packages left in node_modules (native code, binaries). */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  // zod and the sources are bundled (one file read at start); these load native code or find binaries
  // beside their own files, and ws is only needed by `serve`.
  external: ['better-sqlite3', '@ffmpeg-installer/*', '@ffprobe-installer/*', 'ws', 'electron'],
  logLevel: 'warning',
  legalComments: 'none',
  // A third less to read and compile at every start of the command line.
  minify: true,
}

/**
 * A large transcript is parsed on a worker thread that requires transcriptFile's own file
 * (src/core/transcript/transcriptFile.ts). Inside the bundle that module has no file of its own, so it
 * is built once more on its own, and the bundled copy is told that file is its own.
 */
const transcriptWorkerFile = {
  name: 'episcore-transcript-worker-file',
  setup(build) {
    build.onLoad({ filter: /[\\/]transcriptFile\.ts$/ }, (args) => ({
      contents:
        `const __filename = require('node:path').join(__dirname, 'transcriptFile.js')\n` +
        fs.readFileSync(args.path, 'utf8'),
      loader: 'ts',
    }))
  },
}

/**
 * zod re-exports its ~40 message languages (half of its code); the core speaks English only and never
 * reads `z.locales`, so the bundle keeps English alone.
 */
const englishOnly = {
  name: 'episcore-zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: `export { default as en } from './en.js'\n`,
      resolveDir: path.join(root, 'node_modules', 'zod', 'v4', 'locales'),
      loader: 'js',
    }))
  },
}

export async function buildCli() {
  const esbuild = await import('esbuild')
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [path.join(root, 'src', 'cli', 'start.ts')],
      outfile: path.join(CLI_DIR, 'episcore.js'),
      plugins: [englishOnly, transcriptWorkerFile],
    }),
    esbuild.build({
      ...common,
      entryPoints: [TRANSCRIPT_FILE],
      outfile: path.join(CLI_DIR, 'transcriptFile.js'),
      plugins: [englishOnly],
    }),
    // The browser mode (serve) reads a large episode file on a worker thread, which loads this entry.
    esbuild.build({
      ...common,
      entryPoints: [path.join(root, 'src', 'core', 'load', 'episodeFileWorker.ts')],
      outfile: path.join(CLI_DIR, 'episodeFileWorker.js'),
      plugins: [englishOnly],
    }),
    // And measures agreement on a worker thread, which loads this one.
    esbuild.build({
      ...common,
      entryPoints: [path.join(root, 'src', 'core', 'agreement', 'agreementWorker.ts')],
      outfile: path.join(CLI_DIR, 'agreementWorker.js'),
      plugins: [englishOnly],
    }),
    // It restores a backup on a worker thread too, which loads this one.
    esbuild.build({
      ...common,
      entryPoints: [path.join(root, 'src', 'core', 'db', 'backupRestoreWorker.ts')],
      outfile: path.join(CLI_DIR, 'backupRestoreWorker.js'),
      plugins: [englishOnly],
    }),
  ])
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildCli().catch((error) => {
    // An install without devDependencies has no esbuild: it gets no command line, but installs.
    if (error.code === 'ERR_MODULE_NOT_FOUND' && /esbuild/.test(error.message)) {
      console.error('episcore: esbuild is not installed, so the command line (out/cli) was not built')
      return
    }
    console.error(`episcore: the command line could not be built: ${error.message}`)
    process.exit(1)
  })
}
