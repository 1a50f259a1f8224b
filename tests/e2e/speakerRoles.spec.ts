import fs from 'node:fs'
import path from 'node:path'
import { INTERVIEW_VTT } from '../sampleTranscripts'
import { tempFolder } from '../tempFolder'
import { api, episodeId, exportEpisode, newSonnetEpisode, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

test('the speaker dialog proposes roles from the title and the words said, and asks for affiliations', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'episodes.update', { id, patch: { title: 'Why agents fail — Bob (Prime Intellect)' } })
  await page.reload()
  const vtt = path.join(tempFolder(), 'interview.vtt')
  fs.writeFileSync(vtt, INTERVIEW_VTT)
  await page.getByLabel('Import transcript').setInputFiles(vtt)

  const dialog = page.getByRole('dialog', { name: 'Map speakers' })
  await expect(dialog).toBeVisible()
  // Bob is named in the title: the guest. Alice says most of the rest: the host. SPEAKER_2 says a fair
  // share beside a named guest: a co-host. Each is marked as proposed.
  await expect(dialog.getByLabel('Role of Bob')).toHaveValue('guest')
  await expect(dialog.getByLabel('Role of Alice')).toHaveValue('host')
  await expect(dialog.getByLabel('Role of SPEAKER_2')).toHaveValue('host')
  await expect(dialog.getByLabel('Role of Bob')).toHaveAccessibleDescription('proposed')
  await expect(dialog.locator('.proposal')).toHaveCount(3)
  // Nothing is kept before Apply.
  const before = await api(page, 'episodes.open', { id })
  expect(before.participants.map((p) => p.role)).not.toContain('host')

  // A changed role is the editor's, no longer a proposal.
  await dialog.getByLabel('Role of SPEAKER_2').selectOption('other')
  await expect(dialog.getByLabel('Role of SPEAKER_2')).not.toHaveAccessibleDescription('proposed')
  await expect(dialog.locator('.proposal')).toHaveCount(2)
  await dialog.getByLabel('Affiliation of Bob').fill('Prime Intellect')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()

  await openTab(page, /Details/)
  const participants = page.getByRole('table', { name: 'Participants' })
  await expect(participants.getByLabel('Affiliation of Bob')).toHaveValue('Prime Intellect')
  await expect(participants.getByLabel('Role of Alice')).toHaveValue('host')
  await expect(participants.getByLabel('Role of SPEAKER_2')).toHaveValue('other')
  const doc = await exportEpisode(page)
  expect(doc.participants.map(({ name, role, affiliation }) => [name, role, affiliation])).toEqual([
    ['Alice', 'host', null],
    ['Bob', 'guest', 'Prime Intellect'],
    ['SPEAKER_2', 'other', null],
  ])

  // The mapping, affiliation included, is one undo step with the import it answered.
  await page.keyboard.press('Control+z')
  await expect(participants.getByLabel('Affiliation of Bob')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Transcript' }).getByRole('listitem')).toHaveCount(0)
})
