import { MISSING_FIXTURES, SONNET_VTT, haveFixtures } from '../sharedFixtures'
import { api, episodeId, newSonnetEpisode, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

test.skip(!haveFixtures, MISSING_FIXTURES)

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
