import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { seriousViolations } from './axeCheck'
import { api, loadAnalyses } from './analysisPage'
import { expect, test } from './hostFixture'

const MACHINE = machineEpisode()
const MACHINE_ID = MACHINE.episode.id
const ADA_ID = 'agentic-rl-ada'
/** As every screen names an analysis: who made it (a machine's run stays the machine's), what it is, its day. */
const DAY = MACHINE.review.updatedAt.slice(0, 10)
const MACHINE_NAME = `machine · original · ${DAY}`
const ADA_NAME = `machine, reviewed by Ada · original · ${DAY}`

/** Ada's pass: same media, another id, the first chapter retitled and its teaching score 3. */
function adasPass(): EpisodeDocument {
  const doc = structuredClone(MACHINE)
  doc.episode.id = ADA_ID
  doc.review.reviewer = 'Ada'
  const first = doc.chapters[0]
  if (first) {
    first.title = 'Why agents fail'
    first.status = 'edited'
    const teaching = first.scores.guestTeaching
    if (teaching) teaching.value = 3
  }
  return doc
}

test('a consensus built from the compare screen: values taken or typed, undone, provenance exported', async ({
  page,
  served,
}) => {
  // The machine's analysis and Ada's in the library, Ada's open.
  await loadAnalyses(page, served.host.url, MACHINE, adasPass())
  // The episode says which analysis is open, and switches to the other.
  const switcher = page.getByLabel('Analysis')
  await expect(switcher).toHaveValue(ADA_ID)
  await expect(switcher.locator('option')).toHaveText([MACHINE_NAME, ADA_NAME])
  await switcher.selectOption(MACHINE_ID)
  await expect(page).toHaveURL(new RegExp(`#/episode/${MACHINE_ID}$`))
  await expect(page.getByLabel('Analysis')).toHaveValue(MACHINE_ID)

  await page.getByRole('button', { name: 'Compare analyses…' }).click()
  await page.getByRole('button', { name: 'Build a consensus…' }).click()
  await expect(page.getByRole('heading', { name: 'Consensus of 2 analyses' })).toBeVisible()
  const consensusId = `${MACHINE_ID}-2`
  await expect(page).toHaveURL(new RegExp(`#/consensus/${consensusId}$`))

  // The first chapter: the consensus holds the machine's 7 (from #1); Ada offers 3.
  const first = page.getByRole('region', { name: /^Chapter 1:/ })
  const own = first.getByLabel('Guest teaching in chapter 1, consensus')
  await expect(own).toHaveValue('7')
  await first.getByRole('button', { name: `Take Guest teaching 3 from #2 ${ADA_NAME} in chapter 1` }).click()
  await expect(own).toHaveValue('3')
  await expect(own.locator('xpath=..')).toContainText('#2')
  await first.getByRole('button', { name: /Title and why of #2: “Why agents fail”/ }).click()
  await expect(first.getByRole('heading')).toContainText('Why agents fail')

  // Typed over: marked typed. Then undone, back to Ada's value.
  await own.fill('5')
  await own.press('Enter')
  await expect(own.locator('xpath=..')).toContainText('typed')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(own).toHaveValue('3')
  await expect(own.locator('xpath=..')).toContainText('#2')
  // The declared keys work here too: redo and undo again from the keyboard.
  await page.keyboard.press('ControlOrMeta+Y')
  await expect(own).toHaveValue('5')
  await page.keyboard.press('ControlOrMeta+Z')
  await expect(own).toHaveValue('3')

  // A statement of Ada's taken, marked taken.
  const fromAda = page.getByRole('region', { name: `From #2 ${ADA_NAME}` })
  await fromAda
    .getByRole('listitem')
    .filter({ hasText: MACHINE.statements[0]?.title ?? '' })
    .getByRole('button')
    .click()
  await expect(fromAda.getByRole('button', { name: 'Taken' })).toBeDisabled()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }

  // The consensus is an analysis like any other: it opens in the editor and exports its provenance.
  const exported = await api(page, 'episodes.export', { id: consensusId })
  const doc = JSON.parse(exported.json) as EpisodeDocument
  expect(doc.chapters[0]?.title).toBe('Why agents fail')
  expect(doc.chapters[0]?.scores.guestTeaching?.extensions?.episcore).toEqual({ source: ADA_ID })
  expect(doc.chapters[1]?.scores.guestTeaching?.extensions?.episcore).toEqual({ source: MACHINE_ID })
  expect(doc.episode.extensions?.episcore).toEqual({ consensusOf: [MACHINE_ID, ADA_ID] })
  await expect(fromAda.getByRole('button', { name: 'Take' })).toHaveCount(
    MACHINE.statements.length + MACHINE.highlights.length,
  )
  await page.getByRole('button', { name: 'Open in the editor' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue(`${MACHINE.episode.title} (consensus)`)
  await expect(page.getByLabel('Analysis')).toHaveValue(consensusId)
  await page.getByRole('button', { name: 'Consensus choices…' }).click()
  await expect(page.getByRole('heading', { name: 'Consensus of 2 analyses' })).toBeVisible()
})

test('a source that splits a chapter shows every piece, says where it splits, and either piece’s score can be taken (issue 42)', async ({
  page,
  served,
}) => {
  // Ada cut the machine's 3:20–7:00 at 5:00, her halves scored 2 and 9 on teaching.
  const ada = adasPass()
  const whole = ada.chapters[1]!
  const scored = (value: number): typeof whole.scores => ({
    ...whole.scores,
    guestTeaching: { value, reasoning: `Ada: ${value} here.` },
  })
  ada.chapters.splice(
    1,
    1,
    { ...whole, id: 'c2a', title: 'The first half', end: 300, scores: scored(2) },
    { ...whole, id: 'c2b', title: 'The second half', start: 300, scores: scored(9) },
  )
  await loadAnalyses(page, served.host.url, MACHINE, ada)
  const { id } = await api(page, 'consensus.build', { ids: [MACHINE_ID, ADA_ID] })
  await page.goto(new URL(`/#/consensus/${id}`, served.host.url).href)
  await expect(page.getByRole('heading', { name: 'Consensus of 2 analyses' })).toBeVisible()

  const second = page.getByRole('region', { name: /^Chapter 2:/ })
  await expect(second).toContainText(/#2 [^#]*Ada[^#:]* splits this chapter at 5:00/)
  const firstHalf = second.getByRole('button', { name: /^Take Guest teaching 2 · 3:20–5:00 from #2 .*Ada/ })
  await expect(firstHalf).toBeVisible()
  await expect(
    second.getByRole('button', { name: /^Take Guest teaching 9 · 5:00–7:00 from #2 .*Ada/ }),
  ).toBeVisible()
  await firstHalf.click()
  await expect(second.getByLabel('Guest teaching in chapter 2, consensus')).toHaveValue('2')
  await second.getByRole('button', { name: /Title and why of #2, 5:00–7:00: “The second half”/ }).click()
  await expect(second.getByRole('heading')).toContainText('The second half')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
})
