import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { speechMp3 } from '../generateMedia'
import { INTERVIEW_VTT } from '../sampleTranscripts'
import { api, episodeId } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * Notices and errors are said in the window's bottom line: the waveform, the tabs, the tables and the
 * transcript stay where they were, to the pixel, whatever the screen says.
 */

/**
 * Where each watched part of the screen starts now (a table's height may change with what its rows
 * show; where it starts may not), and the waveform's whole box.
 */
async function boxes(parts: Record<string, Locator>): Promise<Record<string, object | null>> {
  const found: Record<string, object | null> = {}
  for (const [name, part] of Object.entries(parts)) {
    const box = await part.boundingBox()
    found[name] = box && (name === 'waveform' ? box : { x: box.x, y: box.y })
  }
  return found
}

const statementRows = (page: Page): Locator =>
  page.getByRole('table', { name: 'Statements' }).locator('tbody tr')

test('no notice or error moves the waveform, the tabs, the tables or the transcript', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(speechMp3(40))
  await page.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByLabel('Episode title')).toBeVisible()
  const id = episodeId(page)
  await api(page, 'statements.create', { id, start: 2, end: 6, title: 'Kept' })
  await api(page, 'chapters.split', { id, at: 20 })
  await page.reload()
  await expect(page.locator('section.waveform[data-state="ready"]')).toBeVisible()
  await expect(statementRows(page)).toHaveCount(1)
  // The media element loads once the waveform is drawn: the screen has then taken its shape.
  await expect
    .poll(() => page.locator('audio').evaluate((m: HTMLMediaElement) => m.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0)

  const parts = {
    waveform: page.getByRole('region', { name: 'Waveform' }),
    tabs: page.getByRole('tablist', { name: 'Editor panels' }),
    statements: page.getByRole('table', { name: 'Statements' }),
    transcript: page.getByRole('region', { name: 'Transcript' }),
  }
  const before = await boxes(parts)
  expect(Object.values(before).every((b) => b !== null)).toBe(true)
  const unmoved = async (after: string): Promise<void> =>
    expect(await boxes(parts), `after ${after}`).toEqual(before)

  // A notice after an import.
  await page.getByLabel('Import transcript').setInputFiles({
    name: 'interview.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from(INTERVIEW_VTT),
  })
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toBeVisible()
  const mapSpeakers = page.getByRole('dialog', { name: 'Map speakers' })
  if (await mapSpeakers.isVisible()) await mapSpeakers.getByRole('button', { name: 'Later' }).click()
  await unmoved('the import’s notice')

  // A notice after an export.
  await page.getByText('Export ▾').click()
  await page.getByRole('menuitem', { name: 'Scores and reasoning as CSV' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toBeVisible()
  await unmoved('the export’s notice')

  // An error from a refused edit, beside the notice.
  await statementRows(page).first().locator('td').first().click()
  const title = statementRows(page).first().getByRole('textbox', { name: 'Title' })
  await title.fill('x'.repeat(501))
  await title.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('The title can be at most 500 characters')
  await unmoved('a refused edit’s error')

  // The error stays until dismissed; then it is gone and nothing moved either.
  await page.getByRole('button', { name: 'Dismiss error' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await unmoved('the error dismissed')

  // A notice a key gives (a statement started), and the hint line saying so.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('[')
  await expect(page.locator('p.notice')).toContainText('press ] at its end')
  await unmoved('a statement started')
  await page.keyboard.press('Escape')

  // A time that cannot be read, said under the clock.
  await page.getByRole('status', { name: 'Playhead' }).click()
  const goTo = page.getByRole('textbox', { name: 'Go to time' })
  await goTo.fill('soon')
  await goTo.press('Enter')
  await expect(page.getByRole('alert')).toContainText('is not a time')
  await unmoved('a time that cannot be read')
  await goTo.press('Escape')

  // A key refused for want of a start: its notice replaces the last one.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press(']')
  await expect(page.locator('p.notice')).toContainText('Press [ at the start of the new statement first')
  await unmoved('a key’s notice')

  // A file that is no transcript: the import is refused, said as an error.
  await page.getByLabel('Import transcript').setInputFiles({
    name: 'broken.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00:01.000 --> soon\nHello\n'),
  })
  await expect(page.getByRole('alert')).toContainText('broken.vtt')
  await unmoved('a refused import’s error')
  // Both messages read well in either theme.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const results = await new AxeBuilder({ page })
      .include('.status-line')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
    expect(results.violations.map((v) => `${colorScheme}: ${v.id}`)).toEqual([])
  }

  // A notice stays readable for a while (ten seconds at least), then fades out by itself.
  const fade = page.locator('.notice-message')
  await page.keyboard.press(']')
  await expect(fade).toBeVisible()
  const duration = await fade.evaluate((n) => Number(n.getAnimations()[0]?.effect?.getTiming().duration))
  expect(duration).toBeGreaterThanOrEqual(10_000)
  await fade.evaluate((n) => n.getAnimations().forEach((a) => a.finish()))
  await expect(page.locator('p.notice')).toHaveCount(0)
  // The error stays until dismissed.
  await expect(page.getByRole('alert')).toContainText('broken.vtt')
  await unmoved('a notice faded')
})
