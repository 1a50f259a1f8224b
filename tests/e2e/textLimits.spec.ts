import { SONNET_MP3 } from '../fixtureFiles'
import { machineEpisode } from '../machineEpisode'
import { openEpisodeDocument, openTab } from './analysisPage'
import { seriousViolations } from './axeCheck'
import { expect, test } from './hostFixture'

/*
 * A field the core limits counts down as it is typed in, in every form, and a text over the limit is
 * said in words naming the field, never as the request's JSON path (issue 42: a 520-character title was
 * refused only on Create, as "/title: can be at most 500 characters").
 */
test('New episode counts a long title down as it is typed and refuses it in words before creating anything', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  const form = page.getByRole('form', { name: 'New episode' })
  await form.getByLabel('Media (audio or video)').setInputFiles(SONNET_MP3)
  const title = form.getByRole('textbox', { name: 'Title' })

  await title.fill('t'.repeat(400))
  await expect(form.getByText(/of at most 500 characters/)).toHaveCount(0)
  await title.fill('t'.repeat(480))
  await expect(form.getByText('480 of at most 500 characters (20 left)')).toBeVisible()
  await title.fill('t'.repeat(520))
  await expect(form.getByText('520 of at most 500 characters: 20 too many')).toBeVisible()
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page)).toEqual([])
  }

  await form.getByRole('button', { name: 'Create episode' }).click()
  await expect(form.getByText('The title can be at most 500 characters')).toBeVisible()
  await expect(page.locator('body')).not.toContainText('/title')
  // Nothing was created: the form is still open, the title still there to shorten.
  await expect(title).toHaveValue('t'.repeat(520))

  await title.fill('A title of a proper length')
  await expect(form.getByText(/of at most 500 characters/)).toHaveCount(0)
  await form.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('A title of a proper length')
})

test('the rubric’s new dimension counts its label down too, and cannot add one over the limit', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, machineEpisode())
  await openTab(page, /^Rubric/)
  const label = page.getByLabel('New dimension label')
  const add = page.getByRole('button', { name: 'Add dimension' })
  await label.fill('d'.repeat(190))
  await expect(page.getByText('190 of at most 200 characters (10 left)')).toBeVisible()
  await expect(add).toBeEnabled()
  await label.fill('d'.repeat(210))
  await expect(page.getByText('210 of at most 200 characters: 10 too many')).toBeVisible()
  await expect(add).toBeDisabled()
})
