import { _electron as electron, expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { tempFolder } from '../tempFolder'

/** Electron's binary, if this machine has it (it cannot be downloaded without internet). */
function electronBinary(): string | null {
  const dir = path.dirname(require.resolve('electron/package.json'))
  const pathFile = path.join(dir, 'path.txt')
  if (!fs.existsSync(pathFile)) return null
  const binary = path.join(dir, 'dist', fs.readFileSync(pathFile, 'utf8'))
  return fs.existsSync(binary) ? binary : null
}

const binary = electronBinary()
const nativeSqlite = path.resolve(__dirname, '..', '..', '.electron-native')

test.skip(
  !binary,
  'Electron binary not installed here (no internet to fetch it); `npm start` fetches it on a connected machine',
)
test.skip(
  !fs.existsSync(nativeSqlite),
  'better-sqlite3 has no Electron build yet; `npm start` makes it on a connected machine',
)

test('the Electron window opens the library with the sandboxed preload and no Node in the page', async () => {
  const app = await electron.launch({
    executablePath: binary ?? undefined,
    args: [path.resolve(__dirname, '..', '..')],
    env: { ...process.env, EPISCORE_DB: path.join(tempFolder(), 'electron.sqlite') },
  })
  const page = await app.firstWindow()
  await expect(page.getByRole('heading', { name: 'Episcore' })).toBeVisible()
  expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
    'undefined',
  )
  expect(await page.evaluate(() => typeof window.episcore?.call)).toBe('function')
  await app.close()
})
