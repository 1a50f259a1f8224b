import type { Page, WebSocketRoute } from '@playwright/test'
import { SOCKET_PATH } from '../../src/shared/socketCalls'
import { machineEpisode } from '../machineEpisode'
import {
  api,
  chapterRows,
  chaptersTable,
  episodeId,
  newSonnetEpisode,
  openEpisodeDocument,
  openTab,
  scoreCell,
  seekTo,
} from './analysisPage'
import { expect, test } from './hostFixture'

/**
 * The page's socket to the host, through a relay that can hold the core's answers: while held, the
 * calls reach the core and its answers wait here until released, in the order they came.
 */
async function answersHeld(
  page: Page,
): Promise<{ hold: () => void; release: () => void; held: () => number }> {
  let holding = false
  const waiting: Array<() => void> = []
  await page.routeWebSocket(
    (url) => url.pathname === SOCKET_PATH,
    (ws: WebSocketRoute) => {
      const server = ws.connectToServer()
      ws.onMessage((message) => server.send(message))
      server.onMessage((message) => {
        if (holding) waiting.push(() => ws.send(message))
        else ws.send(message)
      })
    },
  )
  return {
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      for (const send of waiting.splice(0)) send()
    },
    held: () => waiting.length,
  }
}

/** Presses a key on the focused element and answers what `selector` reads in the next animation frame. */
const textInNextFrame = (page: Page, key: string, selector: string): Promise<string | null> =>
  page.evaluate(
    ({ key, selector }) => {
      const target = document.activeElement as HTMLElement
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
      return new Promise<string | null>((resolve) =>
        requestAnimationFrame(() => resolve(document.querySelector(selector)?.textContent ?? null)),
      )
    },
    { key, selector },
  )

test('a score and a chapter title show before the core answers; a refused edit rolls back and says why', async ({
  page,
  served,
}) => {
  const answers = await answersHeld(page)
  await newSonnetEpisode(page, served.host.url)
  await seekTo(page, 20)
  await page.keyboard.press('c')
  await openTab(page, /Chapters & scores/)
  await expect(chapterRows(page)).toHaveCount(2)
  const cell = scoreCell(page, 'Guest teaching', 1)

  // Held: the digit is in the cell, and the chapter's title on the waveform, with no answer come back.
  answers.hold()
  await cell.focus()
  await page.keyboard.press('7')
  await expect(cell).toHaveText('7')
  await expect.poll(answers.held).toBeGreaterThan(0)
  const title = page.getByLabel('Title of chapter 1', { exact: true })
  await title.fill('Opening')
  await title.press('Enter')
  const chapterId = await chapterRows(page).first().getAttribute('data-chapter')
  await expect(page.locator(`.wave-label[data-id="${chapterId}"]`)).toHaveText('Opening')
  await expect.poll(answers.held).toBeGreaterThan(1)
  // Answered: the core's view says the same, and what it derives from the score follows.
  answers.release()
  await expect(cell).toHaveText('7')
  await expect(page.locator(`.wave-label[data-id="${chapterId}"]`)).toHaveText('Opening')
  await expect(page.getByLabel('Average Guest teaching', { exact: true })).toHaveText('7.0')

  // `1` then `0` makes 10 in one undo step: shown as typed, and one Ctrl+Z takes it back to 7.
  const second = scoreCell(page, 'Guest teaching', 2)
  await second.focus()
  answers.hold()
  await page.keyboard.press('T')
  await expect(second).toHaveText('10')
  answers.release()
  await cell.focus()
  await page.keyboard.press('1')
  await page.keyboard.press('0')
  await expect(cell).toHaveText('10')
  await page.keyboard.press('Control+z')
  await expect(cell).toHaveText('7')

  // With no socket relay to hold, the value is in the first animation frame after the key.
  await second.focus()
  const at = `td.score[data-row="${await second.getAttribute('data-row')}"][data-col="${await second.getAttribute('data-col')}"]`
  expect(await textInNextFrame(page, 'Backspace', at)).toBe('')

  // The episode trashed behind the window: the digit shows, then goes back, the status line says why.
  await api(page, 'episodes.trash', { id: episodeId(page) })
  await second.focus()
  answers.hold()
  await page.keyboard.press('4')
  await expect(second).toHaveText('4')
  answers.release()
  await expect(second).toHaveText('')
  await expect(page.getByRole('alert')).toContainText('was moved to the trash')
})

test('Ctrl+Z pressed before the core has answered a score takes the score back', async ({ page, served }) => {
  const answers = await answersHeld(page)
  await page.goto(served.host.url)
  // A machine's analysis just loaded: nothing to undo yet when the score is typed.
  await openEpisodeDocument(page, machineEpisode())
  await openTab(page, /^Chapters/)
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeDisabled()
  const cell = chaptersTable(page).locator('td.score').first()
  const machineValue = (await cell.textContent()) ?? ''
  await cell.focus()
  // Held: neither the score nor the undo has been answered when the keys are pressed.
  answers.hold()
  await page.keyboard.press('1')
  await page.keyboard.press('0')
  await expect(cell).toHaveText('10')
  await page.keyboard.press('Control+z')
  await expect.poll(answers.held).toBeGreaterThanOrEqual(3)
  answers.release()
  await expect(cell).toHaveText(machineValue)
  await expect(page.getByRole('button', { name: /^Redo/ })).toBeEnabled()
})
