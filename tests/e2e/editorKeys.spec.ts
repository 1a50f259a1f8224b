import type { Page } from '@playwright/test'
import { SONNET_MP3, SONNET_VTT } from '../fixtureFiles'
import { expect, test } from './hostFixture'

async function newEpisode(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(SONNET_MP3)
  await page.getByLabel('Transcript (VTT, SRT, JSON or text)').setInputFiles(SONNET_VTT)
  await page.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('audio')
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
}

const tab = (page: Page, name: string): ReturnType<Page['getByRole']> =>
  page.getByRole('tab', { name: new RegExp(`^${name}`) })

async function playheadTo(page: Page, seconds: number): Promise<void> {
  await page.keyboard.press('Home')
  for (let s = 0; s < seconds; s += 5) await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('status', { name: 'Playhead' })).toHaveText(
    `0:${String(seconds).padStart(2, '0')}.0`,
  )
}

test('? opens the shortcut sheet listing every action with its keys', async ({ page, served }) => {
  await newEpisode(page, served.host.url)
  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet).toBeVisible()
  const row = (label: string): ReturnType<Page['locator']> => sheet.locator('.shortcut', { hasText: label })
  await expect(row('Play / pause').locator('kbd')).toHaveText('Space')
  await expect(row('Split the chapter at the playhead').locator('kbd')).toHaveText('C')
  await expect(row('Keyboard shortcuts').locator('kbd')).toHaveText('?')
  await expect(sheet.locator('.shortcut', { hasText: /^.*Undo/ }).locator('kbd')).toHaveText(/Ctrl\+Z|⌘Z/)
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  // The toolbar button opens the same sheet.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
  await expect(sheet).toBeVisible()
})

test('no shortcut fires while typing in a text field', async ({ page, served }) => {
  await newEpisode(page, served.host.url)
  const title = page.getByLabel('Episode title')
  await title.fill('')
  await title.pressSequentially('C [H] L?')
  await expect(title).toHaveValue('C [H] L?')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(tab(page, 'Chapters')).toContainText('0')
  await title.press('Enter')
  await expect(tab(page, 'Statements')).toContainText('0')
})

test('edits made from the keyboard survive a restart, and undo walks them back one by one', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url)
  await playheadTo(page, 20)
  await page.keyboard.press('c')
  await expect(tab(page, 'Chapters')).toContainText('2')
  await playheadTo(page, 10)
  await page.keyboard.press('[')
  await playheadTo(page, 15)
  await page.keyboard.press(']')
  await expect(tab(page, 'Statements')).toContainText('1')
  await page.keyboard.press('Escape')
  await page.keyboard.press('h')
  await page.getByRole('dialog', { name: 'Highlight which dimension' }).press('3')
  await expect(tab(page, 'Highlights')).toContainText('1')

  const host = await served.restart()
  await page.goto(host.url)
  await page.getByRole('button', { name: 'audio' }).click()
  await expect(tab(page, 'Chapters')).toContainText('2')
  await expect(tab(page, 'Statements')).toContainText('1')
  await expect(tab(page, 'Highlights')).toContainText('1')
  const undo = page.getByRole('button', { name: 'Undo' })
  await expect(undo).toHaveAttribute('title', /Undo .*highlight/i)

  await page.keyboard.press('Control+z')
  await expect(tab(page, 'Highlights')).toContainText('0')
  await page.keyboard.press('Control+z')
  await expect(tab(page, 'Statements')).toContainText('0')
  await page.keyboard.press('Control+z')
  await expect(tab(page, 'Chapters')).toContainText('0')
  await expect(undo).toBeDisabled()
  await page.keyboard.press('Control+Shift+z')
  await expect(tab(page, 'Chapters')).toContainText('2')
})
