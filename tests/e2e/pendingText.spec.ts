import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { speechMp3 } from '../generateMedia'
import { expect, test } from './hostFixture'

test('text typed in a field and not committed when the page closes is sent then, and offered back at the next open', async ({
  page,
  served,
}) => {
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath: speechMp3(3), title: 'Interview' })
  db.close()
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  const title = page.getByLabel('Episode title')
  await title.fill('Typed, never left the field')
  // The tab is closed with the text still in the field: no blur, no Enter.
  await page.close({ runBeforeUnload: true })

  const next = await page.context().newPage()
  await next.goto(served.host.url)
  await next.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  // The beacon saved it; the page's storage offers it back in case it had not.
  await expect(next.getByLabel('Episode title')).toHaveValue('Typed, never left the field')
  const offer = next.getByRole('status').filter({ hasText: 'Text typed before this page last closed' })
  await expect(offer).toContainText('“Typed, never left the field”')
  await offer.getByRole('button', { name: 'Put it back' }).click()
  await expect(offer).toBeHidden()
  await expect(next.getByLabel('Episode title')).toHaveValue('Typed, never left the field')
  // Offered once.
  await next.reload()
  await expect(next.getByLabel('Episode title')).toHaveValue('Typed, never left the field')
  await expect(next.getByText('Text typed before this page last closed')).toBeHidden()
})
