import type { Page } from '@playwright/test'
import { COMMANDS, formatShortcut, type CommandId } from '../../src/shared/commands'
import { speechMp3 } from '../generateMedia'
import { openTab } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * An empty screen says what to do first, naming the keys the commands declare; the episode screen
 * greets a first-time editor with a hint that, once closed, stays closed.
 */

/** A command's first key as the page writes it here (not a Mac). */
const key = (id: CommandId): string =>
  formatShortcut((COMMANDS[id] as { shortcuts?: readonly string[] }).shortcuts?.[0] ?? '', false)

async function newEpisode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(speechMp3(20))
  await page.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByLabel('Episode title')).toBeVisible()
}

test('the library and every empty tab say what to do first, with the declared keys', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await expect(page.getByText('No episodes yet')).toContainText('New episode from media…')
  await newEpisode(page)
  const panel = page.getByRole('tabpanel')

  await expect(panel.getByText('No statements yet')).toContainText(
    `press ${key('statement.markStart')} where a statement starts and ${key('statement.markEnd')} where it ends`,
  )
  await openTab(page, /^Chapters/)
  await expect(panel.getByText('No chapters yet')).toContainText(`press ${key('chapter.split')}`)
  await openTab(page, /^Highlights/)
  await expect(panel.getByText('No highlights yet')).toContainText(
    `press ${key('highlight.set')} and its number`,
  )
  await openTab(page, /^Details/)
  await expect(panel.getByText('No participants yet')).toBeVisible()
  await openTab(page, /^Charts/)
  await expect(panel.getByText('No chapters yet')).toContainText(`${key('chapter.split')} at the playhead`)
  await openTab(page, /^Review/)
  await expect(panel.getByText('Nothing left to review.')).toBeVisible()
  await expect(panel).toContainText(
    `${key('review.next')} goes to the next, ${key('review.accept')} accepts it`,
  )
  await openTab(page, /^Problems/)
  const problems = page.getByRole('region', { name: 'Problems', exact: true })
  await expect(problems).toContainText(/No problems: nothing blocks publishing|to fix before publishing/)
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(
    `This episode has no transcript. Import one (VTT, SRT, JSON or text) with Import transcript… in the toolbar or ${key('file.importTranscript')}.`,
  )
})

test('the first-run hint shows on the first episode, above the waveform, and once closed stays closed', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await newEpisode(page)
  const hint = page.getByRole('complementary', { name: 'Getting started' })
  await expect(hint).toBeVisible()
  for (const id of ['playback.toggle', 'statement.markStart', 'chapter.split', 'highlight.set'] as const)
    await expect(hint.locator('kbd', { hasText: key(id) }).first()).toBeVisible()
  // It is part of the screen's first layout: above the waveform, not pushed in over it later.
  const waveform = page.getByRole('region', { name: 'Waveform' })
  // Measured once drawn: the region is put anew when its peaks arrive.
  await expect(waveform).toHaveAttribute('data-state', 'ready')
  const hintBox = (await hint.boundingBox())!
  await expect
    .poll(async () => (await waveform.boundingBox())?.y ?? null)
    .toBeGreaterThanOrEqual(hintBox.y + hintBox.height)

  // Shown again until it is closed…
  await page.reload()
  await expect(hint).toBeVisible()
  await hint.getByRole('button', { name: 'Got it' }).click()
  await expect(hint).toHaveCount(0)
  // …and then never again: not on this episode, not on another, not after a restart.
  await page.reload()
  await expect(page.getByLabel('Episode title')).toBeVisible()
  await expect(waveform).toBeVisible()
  await expect(hint).toHaveCount(0)
  await served.restart()
  await page.goto(served.host.url)
  await newEpisode(page)
  await expect(waveform).toBeVisible()
  await expect(hint).toHaveCount(0)
})

test('files are picked with the app’s own buttons, from the mouse or the keyboard, never a browser’s file box; the new episode’s form takes the focus', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  const pickers = page.locator('input[type="file"]')
  await expect(pickers).not.toHaveCount(0)
  // The browser's inputs are in the page for assistive technology, but take no room and no Tab stop.
  for (const picker of await pickers.all()) {
    const box = await picker.boundingBox()
    expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true)
    await expect(picker).toHaveAttribute('tabindex', '-1')
  }
  const open = page.getByRole('button', { name: 'Open episode JSON…' })
  // From the keyboard as from the mouse.
  await open.focus()
  await expect(open).toBeFocused()
  const byKey = page.waitForEvent('filechooser', { timeout: 5000 })
  await open.press('Enter')
  // Several episode files may be chosen at once (each loads on its own).
  expect((await byKey).isMultiple()).toBe(true)

  // The form takes the keyboard where it opens, and Escape gives it back to the button that opened it.
  const newEpisode = page.getByRole('button', { name: 'New episode from media…' })
  await newEpisode.focus()
  await page.keyboard.press('Enter')
  const choose = page.getByRole('form', { name: 'New episode' }).getByRole('button', { name: 'Choose…' })
  await expect(choose.first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('form', { name: 'New episode' })).toHaveCount(0)
  await expect(newEpisode).toBeFocused()
  await newEpisode.click()
  await expect(choose.first()).toBeFocused()
  const media = page.waitForEvent('filechooser')
  // On the focused button itself: a key sent while the form still settles could reach the page instead.
  await choose.first().press('Enter')
  await (await media).setFiles(speechMp3(20))
  await expect(page.getByText('speech-20s.mp3')).toBeVisible()
})
