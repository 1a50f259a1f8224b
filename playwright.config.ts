import { defineConfig } from '@playwright/test'
import fs from 'node:fs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium'

if (!fs.existsSync(CHROMIUM_PATH))
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  )

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    acceptDownloads: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
})
