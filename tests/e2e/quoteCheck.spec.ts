import { machineEpisode } from '../machineEpisode'
import { api, episodeId, openEpisodeDocument, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

test('a reasoning quoting words nobody said is an error in Problems that Publish refuses, and leaves once rewritten', async ({
  page,
  served,
}) => {
  const doc = machineEpisode('fabricated-quote')
  const second = doc.chapters[1]
  if (!second) throw new Error('a second chapter was expected')
  second.scores['guestTeaching'] = {
    value: 8,
    reasoning: 'The guest explains it plainly: “rewards are the only thing that matters here”.',
  }
  await page.goto(served.host.url)
  await openEpisodeDocument(page, doc)

  await openTab(page, /^Problems/)
  const problems = page.getByRole('region', { name: 'Problems', exact: true })
  const fabricated = problems.getByRole('button', {
    name: 'The reasoning of the “Guest teaching” score of “Verifiable rewards” quotes words not said in this chapter: “rewards are the only thing that matters here”',
  })
  await expect(fabricated).toBeVisible()

  await page.getByRole('button', { name: 'Publish…' }).click()
  const refusal = page.getByRole('dialog', { name: 'Cannot publish yet' })
  await expect(refusal.getByRole('list', { name: 'Problems' })).toContainText(
    'quotes words not said in this chapter: “rewards are the only thing that matters here”',
  )
  await refusal.getByRole('button', { name: 'Close' }).click()

  // Rewritten to quote what was said in the chapter (the caption's words as the estimate places them).
  await api(page, 'scores.set', {
    id: episodeId(page),
    chapterId: second.id,
    dimension: 'guestTeaching',
    value: 8,
    reasoning: 'The host asks: “do you say that?”',
  })
  await page.reload()
  await openTab(page, /^Problems/)
  await expect(problems.getByRole('button', { name: /quotes words not said/ })).toHaveCount(0)
})
