import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { estimatedWordTimes } from '../../src/shared/estimatedWordTimes'
import { formatClock, roundMillis } from '../../src/shared/time'
import { tempFolder } from '../tempFolder'
import { INTERVIEW_VTT } from '../sampleTranscripts'
import { seriousViolations } from './axeCheck'
import { api, episodeId, newSonnetEpisode, openTab, scoreCell } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * Citing as a new user met it (issue 42): Ctrl+Shift+E said nothing (the chip sat in a closed reasoning
 * below the fold), and words selected in captions cited their whole cue.
 */
test.use({ viewport: { width: 1280, height: 800 } })

const BOB = { start: 4.5, end: 9, text: 'Thanks. Multi-agent systems mostly do not work today.' }

/** Selects the words `from`..`to` (0-based tokens) of the transcript's row that says `text`. */
async function selectWords(page: Page, text: string, from: number, to: number): Promise<void> {
  await page.evaluate(
    ({ text, from, to }) => {
      const rows = document.querySelectorAll('[aria-label="Transcript"] [data-segment]')
      const row = [...rows].find((r) => r.textContent?.includes(text))
      const words = row?.querySelectorAll('.word[data-token]')
      const first = words?.[from]
      const last = words?.[to]
      if (!first || !last) throw new Error(`no words ${from}-${to} in “${text}”`)
      const range = document.createRange()
      range.setStartBefore(first)
      range.setEndAfter(last)
      document.getSelection()?.removeAllRanges()
      document.getSelection()?.addRange(range)
    },
    { text, from, to },
  )
}

test('Ctrl+Shift+E on a score says what it cited and where, marks the cell, and cites the selected words’ own span, not their caption cue', async ({
  page,
  served,
}) => {
  const vtt = path.join(tempFolder(), 'interview.vtt')
  fs.writeFileSync(vtt, INTERVIEW_VTT)
  await newSonnetEpisode(page, served.host.url, vtt)
  const id = episodeId(page)
  await api(page, 'chapters.split', { id, at: 20 })
  await page.reload()
  // Asked once per transcript; "Later" (Escape) leaves the names as the captions give them.
  const speakers = page.getByRole('dialog', { name: 'Map speakers' })
  await expect(speakers).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(speakers).toBeHidden()
  await openTab(page, /^Chapters/)

  // "Multi-agent systems mostly", three of the cue's eight words: the cue has no word times.
  await selectWords(page, 'Multi-agent systems', 1, 3)
  await expect(page.getByRole('button', { name: /^Make statement/ })).toBeVisible()
  const cell = scoreCell(page, 'Guest teaching', 1)
  await cell.focus()
  await page.keyboard.press('Control+Shift+E')

  const estimate = estimatedWordTimes(BOB)
  const start = roundMillis(estimate[1]!.start)
  const end = roundMillis(estimate[3]!.end)
  await expect(page.locator('.notice-region')).toContainText(
    `Cited ${formatClock(start)}–${formatClock(end)} in Guest teaching (chapter 1)`,
  )
  const evidence = async (): Promise<unknown> =>
    (await api(page, 'episodes.open', { id })).chapters[0]?.scores['guestTeaching']?.evidence
  await expect.poll(evidence).toEqual([{ start, end }])
  // Inside the cue, not the whole of it.
  expect(start).toBeGreaterThan(BOB.start)
  expect(end).toBeLessThan(BOB.end)
  // The cell says it holds a citation, where the reviewer is looking.
  await expect(cell).toHaveClass(/\bcited\b/)
  await expect(cell).toHaveAttribute('title', /\(1 citation\)$/)
  await expect(cell).toBeFocused()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
})
