import type { Page } from '@playwright/test'
import { addPerson, initCatalogue } from '../../src/core/desk/catalogue'
import type { RunningHost } from '../../src/host/startHost'
import { skipPostgresTests, startPostgres, type TestPostgres } from '../desk/postgresServer'
import { machineEpisode } from '../machineEpisode'
import { api } from './analysisPage'
import {
  acceptEverything,
  axeInBothThemes,
  connect,
  libraryHost,
  PASSWORD,
  scoreAndSubmit,
} from './deskWorkPages'
import { expect, test } from './hostFixture'

/*
 * The desk's work in the app against a real PostgreSQL: a lead and two reviewers, each on a library of
 * their own (a host and a browser context each). The lead assigns through the core's call; each reviewer
 * finds the episode in My queue, opens it, is refused while it has errors, and submits; the lead's board
 * shows both submitted with the agreement per dimension, opens the compare screen, and the show page
 * says how each reviewer and the machine lean. Every screen passes axe in both themes.
 */

const EPISODE = 'desk-work-1'
const TITLE = machineEpisode(EPISODE).episode.title

test.skip(skipPostgresTests(), 'no PostgreSQL server here (EPISCORE_SKIP_POSTGRES=1)')

test('a lead assigns, two reviewers score and submit from My queue, the board and the drift show it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  let server: TestPostgres | null = null
  const hosts: RunningHost[] = []
  const contexts = [await browser.newContext(), await browser.newContext(), await browser.newContext()]
  try {
    server = await startPostgres()
    await initCatalogue(server.adminUrl)
    await addPerson({ adminUrl: server.adminUrl, name: 'lena', role: 'lead', password: PASSWORD })
    await addPerson({ adminUrl: server.adminUrl, name: 'pipe', role: 'pipeline', password: PASSWORD })
    for (const name of ['alice', 'bob'])
      await addPerson({ adminUrl: server.adminUrl, name, role: 'reviewer', password: PASSWORD })
    const urlOf = (user: string): string => `postgres://${user}@127.0.0.1:${server?.port ?? 0}/desk`

    // The scoring pipeline's library sends the machine's analysis to the catalogue; the lead's pulls it.
    const pipeline = await libraryHost(machineEpisode(EPISODE))
    hosts.push(pipeline)
    const pipelinePage = await (contexts[2] ?? browser).newPage()
    await pipelinePage.goto(pipeline.url)
    await connect(pipelinePage, urlOf('pipe'))
    const lead = await libraryHost()
    hosts.push(lead)
    await page.goto(lead.url)
    await connect(page, urlOf('lena'))
    // The lead takes the episode from the desk (Get), so that the reviewers' work on it comes here too.
    await page.getByRole('button', { name: 'Show the desk’s analyses' }).click()
    await page.getByRole('button', { name: `Get “${TITLE}”` }).click()
    await expect(page.getByRole('button', { name: TITLE, exact: true })).toBeVisible()
    const outcome = await api(page, 'desk.assign', {
      ids: [EPISODE],
      reviewers: ['alice', 'bob'],
      overlap: 2,
      due: '2020-01-01',
      // Every episode is a calibration one: each reviewer sees their difference from the reference.
      calibration: 1,
    })
    expect(outcome.assigned.map((a) => a.reviewer).sort()).toEqual(['alice', 'bob'])
    expect(outcome.calibration).toEqual([EPISODE])

    // The board before anyone submits: both reviewers assigned, no agreement yet.
    await page.getByRole('button', { name: 'Board', exact: true }).click()
    const board = page.getByRole('table', { name: 'Assigned episodes, worst agreement first' })
    const row = board.getByRole('row').filter({ hasText: TITLE })
    await expect(row).toContainText('Alice: assigned')
    await expect(row).toContainText('Bob: assigned')
    await expect(row).toContainText('nothing submitted yet')
    await axeInBothThemes(page)
    // The lead marks the machine's analysis as the reference the calibration is scored against.
    await row.getByRole('button', { name: `Consensus and reference of “${TITLE}”` }).click()
    const choice = page.getByRole('dialog', { name: `Consensus and reference of “${TITLE}”` })
    const markReference = choice.getByRole('button', { name: /^Mark as reference: / })
    await expect(markReference).toHaveCount(1)
    await axeInBothThemes(page)
    await markReference.click()
    await expect(choice.getByRole('status')).toContainText('is now its reference')
    await expect(markReference).toBeDisabled()
    await choice.getByRole('button', { name: 'Close' }).click()
    await expect(row.locator('.board-chosen')).toContainText(`Reference${EPISODE}`)

    const reviewerPages: Page[] = []
    for (const [i, name] of ['alice', 'bob'].entries()) {
      const host = await libraryHost()
      hosts.push(host)
      const reviewerPage = await (contexts[i] ?? browser).newPage()
      reviewerPages.push(reviewerPage)
      await reviewerPage.goto(host.url)
      await connect(reviewerPage, urlOf(name))
      await expect(reviewerPage.getByRole('heading', { name: /^My queue/ })).toContainText('1 to do')
      await axeInBothThemes(reviewerPage)
      await scoreAndSubmit(reviewerPage, TITLE, async (id) => {
        await acceptEverything(reviewerPage, id)
        // Bob reads the opening chapter otherwise than Alice (and the machine): the agreement has a spread.
        if (name === 'bob')
          for (const [dimension, value] of [
            ['guestTeaching', 2],
            ['hostsInformedPeer', 6],
          ] as const)
            await api(reviewerPage, 'scores.set', {
              id,
              chapterId: 'c1',
              dimension,
              value,
              reasoning: 'Bob reads the opening otherwise.',
            })
      })
    }

    // A reviewer who opens the board is told calmly that it is the lead's.
    const alicesPage = reviewerPages[0] as Page
    await alicesPage.getByRole('button', { name: 'Board', exact: true }).click()
    await expect(alicesPage.getByRole('status')).toContainText('is not a lead of this desk')
    await axeInBothThemes(alicesPage)

    // The lead's open board takes both submissions as they arrive, with the agreement and its bands.
    await expect(row).toContainText('Alice: submitted')
    await expect(row).toContainText('Bob: submitted')
    await expect(row.locator('.band').first()).toBeVisible()
    await expect(row).toContainText(/reliable|tentative|not measurable/)
    await expect(row).toContainText(/Guest teaching: -?\d\.\d{3}/)
    await axeInBothThemes(page)
    await row.getByRole('button', { name: `Compare the analyses of “${TITLE}”` }).click()
    await expect(page).toHaveURL(/#\/compare\//)

    // The show page: every reviewer and the machine, with their lean per dimension.
    await page.goto(`${lead.url}#/show/latent-space`)
    const drift = page.getByRole('region', { name: 'Reviewers and the machine' })
    const table = drift.getByRole('table', { name: 'Lean from the consensus, per person and dimension' })
    for (const who of ['Alice', 'Bob', 'The machine'])
      await expect(table.getByRole('rowheader', { name: who })).toBeVisible()
    await expect(table).toContainText(/n \d+/)
    await axeInBothThemes(page)

    // The lead sends Alice's work back with a note: her queue has it to do again, the note beside it.
    await api(page, 'desk.sendBack', { episode: EPISODE, reviewer: 'alice', note: 'Rescore the opening.' })
    await alicesPage.getByRole('button', { name: '← Back to library' }).click()
    const again = alicesPage
      .getByRole('table', { name: /^My queue/ })
      .getByRole('row')
      .filter({ hasText: TITLE })
    await expect(again).toContainText('assigned')
    await expect(again).toContainText('Rescore the opening.')
    await axeInBothThemes(alicesPage)
  } finally {
    for (const context of contexts) await context.close()
    for (const host of hosts) await host.close()
    await server?.destroy()
  }
})
