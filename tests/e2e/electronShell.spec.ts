import { _electron as electron, expect, test } from '@playwright/test'
import path from 'node:path'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { electronBinary } from '../electronBinary'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/*
 * The desktop app itself, in Electron: the first thing to run on a machine that has Electron's binary.
 * Here (no internet to fetch it) it skips; tests/unit/electronShellWiring.test.ts checks the same wiring
 * under Node with a stand-in for electron, which proves our wiring but not Electron's behaviour.
 */

const binary = electronBinary()

test.skip(
  !binary,
  'Electron binary not installed here (no internet to fetch it); `npm start` fetches it on a connected machine',
)

const statementCount = (databaseFile: string, episodeId: string): number => {
  const db = openDatabase(databaseFile)
  try {
    return db.prepare('SELECT count(*) FROM statements WHERE episode_id = ?').pluck().get(episodeId) as number
  } finally {
    db.close()
  }
}

test('the desktop app opens an episode with its waveform painted from peaks, makes and undoes a statement, and quits', async () => {
  const databaseFile = path.join(tempFolder(), 'electron.sqlite')
  const db = openDatabase(databaseFile)
  const id = await createEpisode(db, { mediaPath: speechMp3(20), title: 'In Electron' })
  db.close()

  const app = await electron.launch({
    executablePath: binary ?? undefined,
    args: [path.resolve(__dirname, '..', '..')],
    env: { ...process.env, EPISCORE_DB: databaseFile },
  })
  const page = await app.firstWindow()
  expect(page.url()).toBe('app://episcore/index.html')
  await expect(page.getByRole('heading', { name: 'Episcore' })).toBeVisible()
  // The sandboxed page has no Node, only the preload's narrow object.
  expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
    'undefined',
  )
  expect(await page.evaluate(() => typeof window.episcore?.call)).toBe('function')
  expect(await app.evaluate(({ app: electronApp }) => electronApp.name)).toBe('Episcore')

  // The waveform comes from peaks fetched over the media scheme (a CORS request from app://).
  await page.evaluate((episode) => (location.hash = `#/episode/${episode}`), id)
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true')

  const seek = (seconds: number) =>
    page.locator('audio').evaluate((media: HTMLMediaElement, to) => (media.currentTime = to), seconds)
  await page.getByTestId('waveform').click()
  await seek(2)
  await page.keyboard.press('[')
  await seek(5)
  await page.keyboard.press(']')
  await expect.poll(() => statementCount(databaseFile, id)).toBe(1)
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+Z' : 'Control+Z')
  await expect.poll(() => statementCount(databaseFile, id)).toBe(0)

  const closed = new Promise<void>((resolve) => app.process().once('exit', () => resolve()))
  await app.close()
  await closed
  expect(statementCount(databaseFile, id)).toBe(0)
})
