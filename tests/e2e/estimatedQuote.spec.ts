import { estimatedWordTimes } from '../../src/shared/estimatedWordTimes'
import { SONNET_VTT } from '../fixtureFiles'
import { api, episodeId, newSonnetEpisode, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

test('on captions without word times a span quotes the words estimated inside it, flagged as a note until confirmed', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url, SONNET_VTT)
  const id = episodeId(page)
  // The cue "From fairest creatures we desire increase," runs 2.68-5.88 s; by characters, the words whose
  // midpoints fall in 3.5-5.0 s are the middle three. The whole cue would quote six, two said before 3.5 s.
  await api(page, 'statements.create', { id, start: 3.5, end: 5 })
  await page.reload()
  const row = page.getByRole('table', { name: 'Statements' }).locator('tbody tr').first()
  await row.locator('td').first().click()
  await expect(row.getByLabel('Quote')).toHaveValue('creatures we desire')
  await expect(row).toContainText('quote estimated: no word times')

  await openTab(page, /Problems/)
  const problem = page.locator('button.problem[data-problem="quoteEstimated"]')
  await expect(problem).toContainText('note')
  await expect(problem).toContainText('quote estimated: no word times')

  await openTab(page, /Statements/)
  await row.getByRole('button', { name: 'Confirm quote' }).click()
  await expect(row).not.toContainText('quote estimated')
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveAttribute(
    'title',
    /^Undo Confirm quote/,
  )
})

test('on captions, a drag at three zooms snaps each edge to an estimated word, shows it snapped, and quotes those words', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url, SONNET_VTT)
  const id = episodeId(page)
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true')
  const { segments } = await api(page, 'transcript.get', { id })
  const cues = segments.filter((s) => estimatedWordTimes(s).length >= 5)
  const stack = page.locator('.waveform-stack')
  const overview = page.getByLabel('Overview of the whole episode')
  const used = new Set<string>()
  for (const zoomSteps of [0, 2, 2]) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('Home')
    for (let i = 0; i < zoomSteps; i++) await page.keyboard.press('+')
    const box = (await page.locator('canvas.waveform-layer').boundingBox())!
    const viewStart = Number(await overview.getAttribute('data-view-start'))
    const viewEnd = Number(await overview.getAttribute('data-view-end'))
    const pxPerSec = box.width / (viewEnd - viewStart)
    // The last cue in view not used yet, its second to fourth words away from the edges that scroll: the
    // closer view of the next zoom still holds one before it.
    const cue = cues.findLast((c) => {
      const words = estimatedWordTimes(c)
      return !used.has(c.id) && words[1]!.start > viewStart + 1 && words[3]!.end < viewEnd - 1
    })
    if (!cue) throw new Error(`no whole cue in view at ${pxPerSec.toFixed(1)} px/s`)
    used.add(cue.id)
    const words = estimatedWordTimes(cue)
    const [second, fourth] = [words[1]!, words[3]!]
    // Pressed a fifth into the second word, released four fifths into the fourth: each edge is inside
    // a word, where no cue edge is near.
    const x = (t: number): number => box.x + (t - viewStart) * pxPerSec
    const from = second.start + (second.end - second.start) / 5
    const to = fourth.start + ((fourth.end - fourth.start) * 4) / 5
    const y = box.y + box.height / 2
    await page.mouse.move(x(from), y)
    await page.mouse.down()
    await page.mouse.move(x(to), y, { steps: 8 })
    await expect(stack).toHaveAttribute('data-snapped', 'start end')
    await page.mouse.up()
    await expect(stack).not.toHaveAttribute('data-snapped', /./)
    await expect
      .poll(async () => (await api(page, 'episodes.open', { id })).statements.length)
      .toBe(used.size)
    const made = (await api(page, 'episodes.open', { id })).statements.find(
      (s) => Math.abs(s.start - second.start) < 0.002,
    )
    expect(made, `a statement from ${second.start} at ${pxPerSec.toFixed(1)} px/s`).toBeDefined()
    expect(made!.end).toBeCloseTo(fourth.end, 2)
    // Word by word: the three words whose estimated middles are in the span, nothing said before or after.
    expect(made!.quote).toBe(
      words
        .slice(1, 4)
        .map((w) => w.text)
        .join(' '),
    )
    await page.keyboard.press('Escape')
  }
})
