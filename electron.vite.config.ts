import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { rendererContentSecurityPolicy } from './src/shared/contentSecurityPolicy'

/** The built page carries its CSP as a `<meta>` too, from the one policy both shells send as a header. */
const contentSecurityPolicyMeta = (): Plugin => ({
  name: 'episcore-csp-meta',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: {
        'http-equiv': 'Content-Security-Policy',
        content: rendererContentSecurityPolicy(['episcore-media:'], { forMeta: true }),
      },
      injectTo: 'head-prepend',
    },
  ],
})

/** The command line (bin/episcore) is built with the app: scripts/buildCli.mjs bundles it into out/cli. */
const commandLine = (): Plugin => ({
  name: 'episcore-cli',
  apply: 'build',
  closeBundle() {
    const run = spawnSync(process.execPath, [resolve(__dirname, 'scripts/buildCli.mjs')], {
      stdio: 'inherit',
    })
    if (run.status !== 0) throw new Error('the command line (scripts/buildCli.mjs) could not be built')
  },
})

export default defineConfig({
  main: {
    plugins: [commandLine()],
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The core's own process (Electron's utilityProcess): SQLite and all file work run there.
          core: resolve(__dirname, 'src/core/worker/coreProcess.ts'),
          // A large transcript is parsed on a worker thread, which needs a file of its own to load.
          transcriptWorker: resolve(__dirname, 'src/core/transcript/transcriptWorker.ts'),
          // So is a large episode JSON file read and checked.
          episodeFileWorker: resolve(__dirname, 'src/core/load/episodeFileWorker.ts'),
          // And the agreement of many analyses measured.
          agreementWorker: resolve(__dirname, 'src/core/agreement/agreementWorker.ts'),
          // And a backup restored, seconds of SQLite work on a large library.
          backupRestoreWorker: resolve(__dirname, 'src/core/db/backupRestoreWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } } },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // electron-vite leaves the page unminified: 1.1 MB the library's first open had to parse before any row.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), contentSecurityPolicyMeta()],
  },
})
