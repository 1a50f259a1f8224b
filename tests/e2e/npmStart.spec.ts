import { expect, test } from '@playwright/test'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { electronBinary } from '../electronBinary'
import { tempFolder } from '../tempFolder'

const ROOT = path.resolve(__dirname, '..', '..')

test.skip(
  electronBinary() !== null,
  'Electron is installed here, so npm start opens the desktop app, not the browser mode',
)

test('npm start without Electron says so in one line and serves the app in the browser mode', async ({
  page,
}) => {
  const databaseFile = path.join(tempFolder(), 'started.sqlite')
  // `npm start -- --db PATH --port 0`, as its script runs it, without a display to open a browser on.
  const started = spawn(process.execPath, ['scripts/start.mjs', '--db', databaseFile, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  started.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  started.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  try {
    await expect
      .poll(() => /Episcore is at (http:\/\/127\.0\.0\.1:\d+\/\?key=\w+)/.exec(stdout)?.[1], {
        timeout: 60_000,
      })
      .toBeTruthy()
    const url = /Episcore is at (http:\/\/127\.0\.0\.1:\d+\/\?key=\w+)/.exec(stdout)?.[1] ?? ''
    const said = stderr.split('\n').filter((line) => line.startsWith('episcore:'))
    expect(said).toEqual([
      expect.stringMatching(
        /^episcore: Electron [\d.]+ could not be downloaded here; starting the browser mode instead\.$/,
      ),
    ])
    await page.goto(url)
    await expect(page.getByRole('heading', { name: 'Episcore' })).toBeVisible()
    expect(fs.existsSync(databaseFile)).toBe(true)
  } finally {
    started.kill('SIGTERM')
  }
  const code = await new Promise<number | null>((resolve) =>
    started.exitCode !== null ? resolve(started.exitCode) : started.once('exit', (c) => resolve(c)),
  )
  expect(code).toBe(0)
})
