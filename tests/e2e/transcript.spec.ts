import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parseWebVtt } from '../../src/core/transcript/parseWebVtt'
import { parseSrt } from '../../src/core/transcript/parseSrt'
import { SONNET_MP3, SONNET_SRT, SONNET_VTT, fixture } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'
import { expect, test } from './hostFixture'
import { INTERVIEW_VTT } from '../sampleTranscripts'
import { sonnetAsWhisperJson } from './sonnetWords'

function writeTemp(name: string, text: string): string {
  const file = path.join(tempFolder(), name)
  fs.writeFileSync(file, text)
  return file
}

async function newEpisode(page: Page, url: string, transcript?: string): Promise<void> {
  await page.goto(url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(SONNET_MP3)
  if (transcript) {
    await page.getByLabel('Transcript (VTT, SRT, JSON or text)').setInputFiles(transcript)
    // The file is uploaded first: created before that, the episode would have no transcript.
    await expect(page.getByText(path.basename(transcript), { exact: true })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('audio')
}

const transcriptPanel = (page: Page): ReturnType<Page['getByRole']> =>
  page.getByRole('region', { name: 'Transcript' })

test('each transcript format imports into the episode and shows its lines and speakers', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url)
  const panel = transcriptPanel(page)
  await expect(panel.getByText('This episode has no transcript')).toBeVisible()
  const sources: { file: string; firstText: RegExp; speaker?: string }[] = [
    { file: SONNET_VTT, firstText: /^1$/ },
    { file: SONNET_SRT, firstText: /^1$/ },
    {
      file: fixture('podcasting20', 'transcripts', 'example.json'),
      firstText: /I am your father\./,
      speaker: 'Darth Vader',
    },
    {
      file: fixture(
        'asr-json',
        'whisper-timestamped',
        'tests',
        'expected',
        'medium_auto',
        'bonjour.wav.words.json',
      ),
      firstText: /Bonjour/i,
    },
    { file: fixture('asr-json', 'whisperx', 'reference_whisperx_transcription.json'), firstText: /\w/ },
    {
      file: fixture('asr-json', 'deepgram', 'listen-rest', 'preamble_c4e1c003.response.json'),
      firstText: /We, the people/i,
    },
    {
      file: writeTemp(
        'interview.txt',
        '[00:00:01] Alice: Welcome back.\nBob: Glad to be here.\n[00:00:20] Alice: Let us begin.\n',
      ),
      firstText: /Welcome back\./,
      speaker: 'Alice',
    },
  ]
  for (const source of sources) {
    await page.getByLabel('Import transcript').setInputFiles(source.file)
    await expect(page.locator('p.notice')).toContainText(`from ${path.basename(source.file)}`)
    // Speakers found in the file are offered for mapping; this test leaves that for later.
    if (source.speaker) {
      const dialog = page.getByRole('dialog', { name: 'Map speakers' })
      await expect(dialog).toContainText(source.speaker)
      await dialog.getByRole('button', { name: 'Later' }).click()
      await expect(panel.locator('.segment .speaker').first()).toHaveText(source.speaker)
    }
    const first = panel.locator('.segment .text').first()
    await expect(first).toHaveText(source.firstText)
    expect(Number(await panel.locator('[data-segments]').getAttribute('data-segments'))).toBeGreaterThan(0)
  }
  // Each import is one undoable step: undo walks back to the previous transcript.
  await page.keyboard.press('Control+z')
  await expect(panel.locator('.segment .text').first()).toHaveText(/We, the people/i)
})

test('speakers map to participants with roles, a merge and one undo', async ({ page, served }) => {
  await newEpisode(page, served.host.url, writeTemp('interview.vtt', INTERVIEW_VTT))
  const dialog = page.getByRole('dialog', { name: 'Map speakers' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Role of Alice').selectOption('host')
  await dialog.getByLabel('Name of Bob').fill('Bob Guest')
  await dialog.getByLabel('Role of Bob').selectOption('guest')
  await dialog.getByLabel('SPEAKER_2 is').selectOption({ label: 'the same person as Bob' })
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()

  const speakers = transcriptPanel(page).locator('.segment .speaker')
  await expect(speakers).toHaveText(['Alice', 'Bob Guest', 'Alice', 'Bob Guest'])
  await expect(speakers.first()).toHaveClass(/role-host/)
  await expect(speakers.nth(1)).toHaveClass(/role-guest/)

  await page.keyboard.press('Control+z')
  await expect(speakers).toHaveText(['Alice', 'Bob', 'Alice', 'SPEAKER_2'])
  await expect(dialog).toBeHidden()
  await transcriptPanel(page).getByRole('button', { name: 'Speakers…' }).click()
  await dialog.getByLabel('SPEAKER_2 is').selectOption({ label: 'an unknown speaker' })
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(speakers).toHaveText(['Alice', 'Bob', 'Alice'])
})

test('the word being said is lit, a click on a word seeks to it, and search walks the matches', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url, writeTemp('sonnet.json', sonnetAsWhisperJson()))
  const panel = transcriptPanel(page)
  const media = page.locator('audio')

  const word = panel.locator('.word', { hasText: /^beauty's$/ })
  await word.click()
  const wordStart = JSON.parse(sonnetAsWhisperJson()).segments[2].words[2].start as number
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeCloseTo(wordStart, 2)
  await expect(panel.locator('.current-word')).toHaveText("beauty's")
  await expect(panel.locator('[aria-current="true"]')).toContainText('That thereby')

  // Playing moves the light from word to word.
  await page.keyboard.press('Space')
  await expect(panel.locator('.current-word')).not.toHaveText("beauty's", { timeout: 10_000 })
  await page.keyboard.press('Space')

  const search = panel.getByLabel('Search transcript')
  await page.keyboard.press('Control+f')
  await expect(search).toBeFocused()
  await search.fill('thy')
  const count = panel.getByLabel('Search matches')
  await expect(count).toHaveText(/^\d+ of (\d+)$/)
  const total = Number((await count.textContent())?.split(' of ')[1])
  expect(total).toBeGreaterThanOrEqual(4)
  await search.press('Enter')
  const after = await count.textContent()
  await search.press('Shift+Enter')
  await expect(count).not.toHaveText(after ?? '')
  await expect(panel.locator('.active-match')).toHaveCount(1)
  await expect(panel.locator('.active-match')).toHaveText(/thy/i)
  await search.fill('no such words anywhere')
  await expect(count).toHaveText('no match')
})

test('editing a segment keeps matching word times, is undoable, and survives a restart', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url, writeTemp('sonnet.json', sonnetAsWhisperJson()))
  const panel = transcriptPanel(page)
  const line = panel.locator('[data-segment="s2"]')
  await expect(line.locator('.text')).toHaveText('From fairest creatures we desire increase,')
  await line.locator('.text').dblclick()
  const editor = panel.getByLabel('Segment text')
  await expect(editor).toHaveValue('From fairest creatures we desire increase,')
  await editor.fill('From the fairest creatures we desire increase.')
  await editor.press('Enter')
  await expect(line.locator('.text')).toHaveText('From the fairest creatures we desire increase.')
  // "the" is new: it has no time; the words that were there keep theirs.
  await expect(line.locator('.word.untimed')).toHaveText(['the'])

  const host = await served.restart()
  await page.goto(host.url)
  await page.getByRole('button', { name: 'audio' }).click()
  const reopened = transcriptPanel(page).locator('[data-segment="s2"]')
  await expect(reopened.locator('.text')).toHaveText('From the fairest creatures we desire increase.')
  await page.keyboard.press('Control+z')
  await expect(reopened.locator('.text')).toHaveText('From fairest creatures we desire increase,')
  await expect(reopened.locator('.word.untimed')).toHaveCount(0)
})

test('transcripts export as WebVTT, SRT captions and Podcasting 2.0 JSON', async ({ page, served }) => {
  await newEpisode(page, served.host.url, writeTemp('interview.vtt', INTERVIEW_VTT))
  await page.getByRole('dialog', { name: 'Map speakers' }).getByRole('button', { name: 'Later' }).click()
  const exported = async (item: string): Promise<string> => {
    const download = page.waitForEvent('download')
    await page.getByText('Export ▾').click()
    await page.getByRole('menuitem', { name: item }).click()
    return fs.readFileSync(await (await download).path(), 'utf8')
  }
  const vtt = parseWebVtt(await exported('Transcript as WebVTT (.vtt)')).segments
  expect(vtt.map((s) => [s.speaker, s.text])).toEqual(
    parseWebVtt(INTERVIEW_VTT).segments.map((s) => [s.speaker, s.text]),
  )
  const srt = await exported('Transcript as SRT captions (.srt)')
  const cues = parseSrt(srt).segments
  expect(cues[0]).toMatchObject({ speaker: 'Alice', start: 1 })
  for (const block of srt.trim().split(/\n\n/)) {
    const lines = block.split('\n').slice(2)
    expect(lines.length).toBeLessThanOrEqual(2)
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(32)
  }
  const json = JSON.parse(await exported('Transcript as Podcasting 2.0 JSON')) as {
    segments: { speaker?: string; body: string }[]
  }
  expect(json.segments.map((s) => s.speaker)).toEqual(['Alice', 'Bob', 'Alice', 'SPEAKER_2'])
})

test('a 40,000-word transcript keeps only the rows on screen in the page and scrolls to its end', async ({
  page,
  served,
}) => {
  const lines = ['WEBVTT', '']
  const stamp = (s: number): string => new Date(s * 1000).toISOString().slice(11, 23)
  for (let i = 0; i < 4000; i++) {
    const words = Array.from({ length: 10 }, (_, k) => `w${i}x${k}`).join(' ')
    lines.push(`${stamp(i * 3.6)} --> ${stamp(i * 3.6 + 3.5)}`, `<v ${i % 2 ? 'Host' : 'Guest'}>${words}`, '')
  }
  await newEpisode(page, served.host.url, writeTemp('long.vtt', lines.join('\n')))
  await page.getByRole('dialog', { name: 'Map speakers' }).getByRole('button', { name: 'Later' }).click()
  const panel = transcriptPanel(page)
  await expect(panel.locator('[data-segments]')).toHaveAttribute('data-segments', '4000')
  expect(await panel.locator('.segment').count()).toBeLessThan(80)
  await panel.getByLabel('Search transcript').fill('w3999x9')
  await expect(panel.getByLabel('Search matches')).toHaveText('1 of 1')
  await expect(panel.locator('.active-match')).toBeVisible()
  expect(await panel.locator('.segment').count()).toBeLessThan(80)
})
