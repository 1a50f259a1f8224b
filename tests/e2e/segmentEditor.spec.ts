import { machineEpisode } from '../machineEpisode'
import { openEpisodeDocument } from './analysisPage'
import { expect, test } from './hostFixture'

test('the segment editor opens in place and pushes the next segments down, still in reach', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(served.host.url)
  const doc = machineEpisode()
  const long = 'and then the argument went on, '.repeat(14) + 'until the end.'
  doc.transcript!.segments[0]!.text = long
  await openEpisodeDocument(page, doc)
  const panel = page.getByRole('region', { name: 'Transcript' })
  const segments = panel.getByRole('listitem')
  await expect(segments).toHaveCount(doc.transcript!.segments.length)

  await segments.first().locator('.text').dblclick()
  const editor = panel.getByLabel('Segment text')
  await expect(editor).toBeFocused()
  // The editor shows all of the segment's text…
  expect(await editor.evaluate((e: HTMLTextAreaElement) => e.scrollHeight <= e.clientHeight)).toBe(true)
  // …and the next segment starts below it, where a click reaches it.
  await expect
    .poll(async () => {
      const bottom = (await editor.boundingBox())!
      const next = (await segments.nth(1).boundingBox())!
      return next.y - (bottom.y + bottom.height)
    })
    .toBeGreaterThanOrEqual(0)
  const next = (await segments.nth(1).boundingBox())!
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="listitem"]')?.getAttribute('data-index'),
    [next.x + next.width / 2, next.y + next.height / 2],
  )
  expect(hit).toBe('1')
  await expect(segments.nth(1)).toBeVisible()

  // Typing more makes the editor taller; the next segment moves down with it.
  await editor.press('End')
  await editor.pressSequentially(' And one more line of words to make it taller still.')
  const grown = (await editor.boundingBox())!
  await expect
    .poll(async () => (await segments.nth(1).boundingBox())!.y)
    .toBeGreaterThanOrEqual(grown.y + grown.height)
  await editor.press('Escape')
  await expect(editor).toHaveCount(0)
})
