import type { Locator, Page } from '@playwright/test'
import { api, episodeId, newSonnetEpisode, openTab, playhead, seekTo } from './analysisPage'
import { expect, test } from './hostFixture'

interface Box {
  x: number
  y: number
  width: number
  height: number
}

const intersect = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** A press in the middle of a label: the labels let the pointer through to the waveform under them. */
async function pressOn(page: Page, label: Locator): Promise<void> {
  const box = (await label.boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

test('labels on the waveform never cover one another; highlights at one moment stack, each pressed on its own flag', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  const { chapterId } = await api(page, 'chapters.split', { id, at: 20 })
  await api(page, 'chapters.update', { id, chapterId, patch: { title: 'Where the sonnet turns' } })
  await api(page, 'highlights.set', { id, dimension: 'guestDisagreement', time: 20 })
  await api(page, 'highlights.set', { id, dimension: 'guestTeaching', time: 20 })
  const long = 'The speaker compares the beloved to a summer day and finds the day wanting in every way'
  await api(page, 'statements.create', { id, start: 18, end: 24, title: long })
  await api(page, 'statements.create', { id, start: 21, end: 30, title: 'Overlapping statement' })
  await api(page, 'statements.create', { id, start: 22, end: 26, title: 'A third one' })
  const { highlights } = await api(page, 'episodes.open', { id })
  await page.reload()
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')

  const labels = page.locator('.wave-label')
  await expect(page.locator('.wave-label-highlight')).toHaveCount(2)
  await expect(page.locator('.wave-label-chapter', { hasText: 'Where the sonnet turns' })).toBeVisible()
  await expect(page.locator('.wave-label-statement')).toHaveCount(3)
  const boxes = await labels.evaluateAll((all) =>
    all.map((label) => {
      const { x, y, width, height } = label.getBoundingClientRect()
      return { text: label.textContent, box: { x, y, width, height } }
    }),
  )
  const collisions = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => intersect(a.box, b.box))
      .map((b) => [a.text, b.text]),
  )
  expect(collisions).toEqual([])

  // The long statement title is cut to its band; hovering shows it whole.
  const cut = page.locator('.wave-label-statement', { hasText: 'The speaker compares' })
  expect(await cut.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true)
  const cutBox = (await cut.boundingBox())!
  await page.mouse.move(cutBox.x + 4, cutBox.y + cutBox.height / 2)
  await expect(page.locator('.statement-tooltip')).toContainText(long)

  // Each highlight at 0:20 has its own flag: a press on one selects that one.
  for (const highlight of highlights) {
    const flag = page.locator(`.wave-label-highlight[data-id="${highlight.id}"]`)
    await pressOn(page, flag)
    await expect(flag).toHaveAttribute('data-selected', 'true')
    await expect(page.locator('.wave-label-highlight[data-selected="true"]')).toHaveCount(1)
    await expect(playhead(page)).toHaveText('0:20.0')
    // Its full name on hover.
    const box = (await flag.boundingBox())!
    await page.mouse.move(box.x + 6, box.y + box.height / 2)
    await expect(page.getByRole('tooltip')).toHaveText((await flag.textContent())!.replace(/^▶ /, ''))
  }

  // The chapter's title too.
  const chapter = page.locator('.wave-label-chapter', { hasText: 'Where the sonnet turns' })
  const chapterBox = (await chapter.boundingBox())!
  await page.mouse.move(chapterBox.x + chapterBox.width / 2, chapterBox.y + chapterBox.height / 2)
  await expect(page.getByRole('tooltip')).toHaveText('Where the sonnet turns')
})

test('zoomed in past a chapter’s start, its title stays at the waveform’s left edge and still names it on hover', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  const { chapterId } = await api(page, 'chapters.split', { id, at: 4 })
  await api(page, 'chapters.update', { id, chapterId, patch: { title: 'Where the sonnet turns' } })
  await page.reload()
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  const stack = page.locator('.waveform-stack')
  const title = page.locator('.wave-label-chapter', { hasText: 'Where the sonnet turns' })
  await expect(title).toBeVisible()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  for (let i = 0; i < 4; i++) await page.keyboard.press('+')
  // The playhead followed into the chapter, far past its start: the start is off the view's left.
  await seekTo(page, 30)
  const view = (await stack.boundingBox())!
  await expect
    .poll(async () => {
      const box = await title.boundingBox()
      return (
        box !== null && box.x >= view.x && box.x <= view.x + 12 && box.x + box.width <= view.x + view.width
      )
    })
    .toBe(true)
  const box = (await title.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await expect(page.getByRole('tooltip')).toHaveText('Where the sonnet turns')
})

test('typing a chapter’s title or a score shows it without painting the waveform again; moving a boundary paints it', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'chapters.split', { id, at: 20 })
  await api(page, 'highlights.set', { id, dimension: 'guestTeaching', time: 20 })
  await page.reload()
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await openTab(page, /^Chapters/)
  const canvas = page.locator('canvas.waveform-layer')
  const settled = (): Promise<unknown> =>
    page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
  const paints = async (): Promise<number> => Number(await canvas.getAttribute('data-paints'))
  await settled()
  const before = await paints()
  expect(before).toBeGreaterThan(0)

  const title = page.getByRole('textbox', { name: 'Title of chapter 2' })
  await title.fill('Where the sonnet turns')
  await title.press('Enter')
  await expect(page.locator('.wave-label-chapter', { hasText: 'Where the sonnet turns' })).toBeVisible()
  const score = page.locator('tr[data-chapter] td.score').first()
  await score.focus()
  await score.press('7')
  await expect(score).toHaveText('7')
  // The core's answers are back (Undo names the score) and drawn: every highlight and chapter came anew.
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute(
    'title',
    /^Undo Score/,
  )
  await settled()
  expect(await paints()).toBe(before)

  // A boundary moved changes what the canvas shows: it is painted again.
  const start = page.getByRole('textbox', { name: 'Start of chapter 2' })
  await start.fill('0:25.000')
  await start.press('Enter')
  await expect.poll(paints).toBeGreaterThan(before)
})
