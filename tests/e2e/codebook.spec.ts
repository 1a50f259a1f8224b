import type { Page } from '@playwright/test'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { fixture } from '../fixtureFiles'
import { api, episodeId, newSonnetEpisode, openEpisodeDocument } from './analysisPage'
import { seriousViolations } from './axeCheck'
import { expect, test } from './hostFixture'

/*
 * The show's codebook where scorers meet it (issue 45): the level descriptor of the score typed, the
 * dimension's definition one key away, the codebook screen (a draft, a gap refused naming the scores,
 * publishing), and an analysis scored under the older version moved to the new one and back, in both
 * themes with axe clean.
 */

const PEER = 'The hosts as informed peer'
const DEFINITION = 'How far the hosts question the guest as someone who knows the field.'

/** The machine's analysis, scored under latent-space's codebook version 1 (descriptors on its first dimension). */
function scoredUnderVersion1(): EpisodeDocument {
  const doc = machineEpisode()
  const [first, ...rest] = doc.rubric.dimensions
  if (!first) throw new Error('the machine episode has no dimensions')
  const levels = [
    { from: 0, to: 3, text: 'the hosts only ask for the story' },
    { from: 4, to: 6, text: 'the hosts ask what a peer would ask' },
    { from: 7, to: 10, text: 'the hosts correct the guest with a source' },
  ]
  return {
    ...doc,
    rubric: {
      ...doc.rubric,
      dimensions: [{ ...first, description: DEFINITION, levels }, ...rest],
      codebook: { show: 'latent-space', version: 1 },
    },
  }
}

async function noViolations(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page), screen).toEqual([])
}

const firstScore = (page: Page) =>
  page.getByRole('table', { name: 'Chapters and scores' }).locator('td.score[data-row="0"][data-col="0"]')

async function openCodebookFromLibrary(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Back to the library' }).click()
  const row = page
    .getByRole('table', { name: 'Episodes' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) })
  await row.getByRole('button', { name: 'Actions', exact: true }).click()
  await page
    .getByRole('group', { name: `Actions for “${title}”` })
    .getByRole('button', { name: 'Codebook of latent-space' })
    .click()
  await expect(page.getByRole('heading', { name: 'latent-space: codebook' })).toBeVisible()
}

for (const theme of ['light', 'dark'] as const)
  test(`the codebook from the score cell to a new version and back (${theme})`, async ({ page, served }) => {
    test.setTimeout(180_000)
    await page.emulateMedia({ colorScheme: theme })
    await page.goto(served.host.url)
    const doc = scoredUnderVersion1()
    await openEpisodeDocument(page, doc)
    // Scored under the current version: nothing to say about it.
    await expect(page.getByRole('region', { name: 'Codebook version' })).toHaveCount(0)

    // The review card says what the machine's proposed score means.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('n')
    const card = page.getByRole('region', { name: 'Under review' })
    await expect(card).toContainText('Chapter')
    await card.getByRole('cell', { name: `${PEER}, reviewer’s score` }).focus()
    await expect(card.locator('.level-line')).toContainText(
      `${PEER} 2 (0-3): the hosts only ask for the story`,
    )
    await noViolations(page, 'review card with a descriptor')

    // The descriptor of the score typed, where the eyes are; D shows the definition and descriptors.
    await page.getByRole('tab', { name: /^Chapters/ }).click()
    await firstScore(page).focus()
    await page.keyboard.press('8')
    const line = page.locator('.chapters-panel .level-line')
    await expect(line).toContainText(`${PEER} 8 (7-10): the hosts correct the guest with a source`)
    await expect(firstScore(page)).toHaveAttribute('title', /7-10: the hosts correct the guest/)
    await page.keyboard.press('d')
    const definition = page.getByRole('dialog', { name: PEER })
    await expect(definition).toContainText(DEFINITION)
    await expect(definition).toContainText('4-6: the hosts ask what a peer would ask')
    await expect(definition).toContainText('version 1')
    await noViolations(page, 'definition dialog')
    await page.keyboard.press('Escape')
    await expect(definition).toBeHidden()
    // The shortcut sheet names the key.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('?')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(sheet.locator('[data-action="codebook.definition"] kbd')).toHaveText('D')
    await page.keyboard.press('Escape')

    // The codebook screen: the version the analysis was scored under, with its descriptors.
    await openCodebookFromLibrary(page, doc.episode.title)
    await expect(page.getByRole('region', { name: new RegExp(PEER) })).toContainText(DEFINITION)
    await expect(page.getByRole('list', { name: `What each score of ${PEER} means` })).toContainText(
      '7-10: the hosts correct the guest with a source',
    )
    await noViolations(page, 'codebook screen')

    // Edit makes the draft; a scale of 0-5 with a gap at 2 is refused, naming the score.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const draft = page.getByRole('form', { name: 'Draft version 2' })
    await expect(draft).toBeVisible()
    await draft.getByLabel('Highest score').fill('5')
    await draft.getByLabel(`To, ${PEER}, level 1`).fill('1')
    await draft.getByLabel(`From, ${PEER}, level 2`).fill('3')
    await noViolations(page, 'draft editor')
    await draft.getByRole('button', { name: /^Save draft/ }).click()
    await expect(page.getByRole('alert')).toContainText('no level covers 2')
    await draft.getByLabel(`From, ${PEER}, level 2`).fill('2')
    await draft.getByLabel(`To, ${PEER}, level 2`).fill('3')
    await draft.getByLabel(`From, ${PEER}, level 3`).fill('4')
    await draft.getByLabel(`To, ${PEER}, level 3`).fill('5')
    await draft.getByLabel(`Descriptor, ${PEER}, level 3`).fill('the hosts correct the guest')
    // A dimension added by its label, Enter in its field adding it rather than saving the draft.
    await draft.getByLabel('New dimension').fill('Humour')
    await draft.getByLabel('New dimension').press('Enter')
    await expect(draft.getByRole('group', { name: /Humour/ })).toBeVisible()
    // Moved up one place from the keyboard, the focus staying on its button at the new place.
    const legends = (): Promise<string[]> =>
      draft
        .locator('fieldset.draft-dimension > legend')
        .evaluateAll((ls) => ls.map((l) => l.textContent ?? ''))
    const before = await legends()
    expect(before.at(-1)).toMatch(/^Humour/)
    await draft.getByRole('button', { name: 'Move Humour up' }).focus()
    await page.keyboard.press('Enter')
    await expect(draft.getByRole('button', { name: 'Move Humour up' })).toBeFocused()
    const after = await legends()
    expect(after.at(-2)).toMatch(/^Humour/)
    expect(after.at(-1)).toBe(before.at(-2))
    await expect(draft.getByRole('button', { name: 'Move Humour down' })).toBeEnabled()
    await draft.getByRole('button', { name: 'Publish version 2' }).click()
    await expect(page.locator('.notice-region')).toContainText('Version 2 published')
    await expect(page.getByText('version 2, published')).toBeVisible()
    // Published in the order the draft gave.
    const shown = await page
      .locator('section.codebook-dimension > h3')
      .evaluateAll((hs) => hs.map((h) => h.textContent ?? ''))
    expect(shown.findIndex((h) => h.includes('Humour'))).toBe(shown.length - 2)

    // The analysis scored under version 1 says so, with what changed, and moves in one undoable step.
    await page.getByRole('button', { name: 'Library', exact: true }).click()
    await page.getByRole('button', { name: doc.episode.title, exact: true }).click()
    const banner = page.getByRole('region', { name: 'Codebook version' })
    await expect(banner).toContainText('scored under codebook version 1; version 2 is current')
    await expect(banner).toContainText(`Descriptors changed: ${PEER}`)
    await expect(banner).toContainText('Added: Humour')
    await expect(banner).toContainText('The scale changed')
    await noViolations(page, 'editor with the codebook banner')
    await banner.getByRole('button', { name: 'Move to version 2' }).click()
    await expect(page.locator('.notice-region')).toContainText(
      /Moved to codebook version 2: \d+ scores? flagged/,
    )
    await expect(banner).toHaveCount(0)
    await page.getByRole('tab', { name: /^Chapters/ }).click()
    const marks = page.locator('table.chapters td.score .rescore-mark')
    await expect(marks.first()).toBeVisible()
    await expect(firstScore(page)).toHaveAccessibleName(/to rescore$/)
    await noViolations(page, 'scores flagged for rescoring')
    // Undo brings the analysis back to version 1: the banner again, nothing flagged.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+z')
    await expect(banner).toContainText('scored under codebook version 1')
    await expect(marks).toHaveCount(0)
  })

test('a codebook imported from QualCoder, its anchor opened at its moment, exported', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000)
  // An episode with media to play an anchor from, then the show's machine analysis.
  await newSonnetEpisode(page, served.host.url)
  const sonnet = episodeId(page)
  await page.getByRole('button', { name: 'Back to the library' }).click()
  const doc = machineEpisode()
  await openEpisodeDocument(page, doc)
  const id = episodeId(page)
  // From the show page, as a show's trends lead there.
  await page.getByRole('button', { name: 'Back to the library' }).click()
  await page.getByRole('button', { name: 'latent-space', exact: true }).click()
  await page.getByRole('button', { name: 'Codebook', exact: true }).click()
  await expect(page.getByText('latent-space has no codebook yet')).toBeVisible()

  // The dry run says what the import would make, and what the reading decided, before anything is written.
  await page.getByLabel('Import a REFI-QDA codebook').setInputFiles(fixture('qdc', 'qualcoder.qdc'))
  const preview = page.getByRole('dialog', { name: 'Import a codebook' })
  await expect(preview).toContainText('It would make draft version 1')
  await expect(preview).toContainText('Humour')
  await expect(preview.getByRole('heading', { name: 'What the reading decided' })).toBeVisible()
  await noViolations(page, 'import preview')
  expect(await api(page, 'codebook.versions', { show: 'latent-space' })).toEqual([])
  await preview.getByRole('button', { name: 'Import as draft version 1' }).click()
  const draft = page.getByRole('form', { name: 'Draft version 1' })
  await expect(draft.getByRole('group', { name: /Humour/ })).toBeVisible()

  // An anchor (cited as evidence is: a stretch of a real episode) on the draft's first dimension.
  const made = await api(page, 'codebook.draft', { show: 'latent-space' })
  const [first, ...rest] = made.dimensions
  if (!first) throw new Error('the import made no dimension')
  const played = {
    id: 'a2',
    target: { kind: 'range', episodeId: sonnet, start: 1, end: 2.5 },
    note: 'a 3: heard from its media',
  } as const
  const anchor = {
    id: 'a1',
    target: { kind: 'range', episodeId: id, start: 12, end: 20 },
    note: 'a 7: a joke that lands',
  } as const
  await api(page, 'codebook.saveDraft', {
    show: 'latent-space',
    content: { scale: made.scale, dimensions: [{ ...first, anchors: [anchor, played] }, ...rest] },
  })
  await draft.getByRole('button', { name: 'Close the draft' }).click()
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await draft.getByRole('button', { name: 'Publish version 1' }).click()
  await expect(page.locator('.notice-region')).toContainText('Version 1 published')

  const anchors = page.getByRole('list', { name: `Anchors of ${first.label}` })
  await expect(anchors).toContainText('a 7: a joke that lands')
  await expect(anchors.getByRole('button', { name: 'Play 0:12–0:20' })).toBeVisible()
  await noViolations(page, 'codebook with anchors')
  // Played on the screen from its episode's media, stopping by itself at the moment's end.
  const play = anchors.getByRole('button', { name: 'Play 0:01–0:02' })
  await play.click()
  await expect(play).toHaveAttribute('aria-pressed', 'true')
  await expect(play).toHaveAttribute('aria-pressed', 'false')
  const stoppedAt = await page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime)
  expect(stoppedAt).toBeGreaterThanOrEqual(2.5)
  expect(stoppedAt).toBeLessThan(3.5)

  // Exported as a file of each format, named for the show and version.
  for (const [button, extension] of [
    ['Export .qdc…', /\.qdc$/],
    ['Export Markdown…', /\.md$/],
    ['Export JSON…', /\.json$/],
  ] as const) {
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: button }).click()
    expect((await download).suggestedFilename()).toMatch(extension)
  }

  await anchors.getByRole('button', { name: 'Open in its episode: 0:12–0:20' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
  expect(page.url()).toContain('?t=12')
})

for (const theme of ['light', 'dark'] as const)
  test(`a score added as an anchor from the editor, kept in the draft, removed there (${theme})`, async ({
    page,
    served,
  }) => {
    test.setTimeout(120_000)
    await page.emulateMedia({ colorScheme: theme })
    await page.goto(served.host.url)
    const doc = scoredUnderVersion1()
    await openEpisodeDocument(page, doc)
    await page.getByRole('tab', { name: /^Chapters/ }).click()
    await firstScore(page).focus()
    await page.keyboard.press('Shift+D')
    const dialog = page.getByRole('dialog', { name: 'Add as codebook anchor' })
    await expect(dialog).toContainText(`the score of the chapter “${doc.chapters[0]?.title ?? ''}”`)
    await expect(dialog.getByLabel('Dimension')).toHaveValue(doc.rubric.dimensions[0]?.key ?? '')
    await expect(dialog.getByLabel('What it shows')).toBeFocused()
    await page.keyboard.type('a 2: only the story')
    await noViolations(page, 'anchor dialog')
    await dialog.getByRole('button', { name: 'Add anchor' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.locator('.notice-region')).toContainText(
      'Anchor added to latent-space’s codebook draft, version 2',
    )

    // The draft the anchor went into lists it, named for its moment, and removes it.
    await openCodebookFromLibrary(page, doc.episode.title)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const draft = page.getByRole('form', { name: 'Draft version 2' })
    const anchors = draft.getByRole('list', { name: `Anchors of ${PEER}` })
    await expect(anchors).toContainText('a chapter’s score of agentic-rl-2025-05-09: a 2: only the story')
    await noViolations(page, 'draft with an anchor')
    await anchors.getByRole('button', { name: /^Remove the anchor a chapter’s score/ }).click()
    await expect(anchors).toHaveCount(0)
  })
