import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { speechMp3 } from '../generateMedia'
import { expect, test } from './hostFixture'

/** A page on another port of this machine, as any local dev server or hostile tool could serve. */
async function otherPortServer(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Whether an `<audio>` on `page` gets to play `src`: its metadata loads, or it fails. */
const audioLoads = (page: Page, src: string): Promise<boolean> =>
  page.evaluate(
    (url) =>
      new Promise<boolean>((resolve) => {
        const audio = new Audio()
        audio.onloadedmetadata = () => resolve(true)
        audio.onerror = () => resolve(false)
        audio.src = url
      }),
    src,
  )

test("a page on another local port cannot load the episode's audio or peaks", async ({ page, served }) => {
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath: speechMp3(4), title: 'Private talk' })
  db.close()
  const origin = new URL(served.host.url).origin
  const mediaUrl = `${origin}/media/${id}`
  const peaksUrl = `${origin}/peaks/${id}?level=overview`

  // The editor's own page: the cookie is set, the audio plays and the peaks are made.
  await page.goto(served.host.url)
  expect(await audioLoads(page, `/media/${id}`)).toBe(true)
  await expect
    .poll(() =>
      page.evaluate(async (episode) => {
        const answer = await fetch('/api/media.peaks', {
          method: 'POST',
          body: JSON.stringify({ id: episode }),
        })
        return ((await answer.json()) as { value: { state: string } }).value.state
      }, id),
    )
    .toBe('ready')
  expect(await page.evaluate((url) => fetch(url).then((r) => r.status), `/peaks/${id}?level=overview`)).toBe(
    200,
  )

  // Another port of the same machine, in the same browser, so the cookie goes along.
  const other = await otherPortServer('<!doctype html><title>Another local app</title>')
  try {
    const foreign = await page.context().newPage()
    const statuses = new Map<string, number>()
    foreign.on('response', (response) => statuses.set(response.url(), response.status()))
    await foreign.goto(other.url)
    expect(await audioLoads(foreign, mediaUrl)).toBe(false)
    await foreign.evaluate(
      (url) => fetch(url, { mode: 'no-cors', credentials: 'include' }).catch(() => undefined),
      peaksUrl,
    )
    await expect.poll(() => statuses.get(mediaUrl)).toBe(403)
    await expect.poll(() => statuses.get(peaksUrl)).toBe(403)
  } finally {
    await other.close()
  }

  // The editor's page still has both.
  expect(await audioLoads(page, `/media/${id}`)).toBe(true)
})
