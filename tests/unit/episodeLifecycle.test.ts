import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { episodeView, listEpisodes } from '../../src/core/episodes/episodeQueries'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { redo, undo } from '../../src/core/history/editHistory'
import { parseTranscript } from '../../src/core/transcript/parseTranscript'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { AUDIO_FORMATS, SONNET_MP3, SONNET_SRT, SONNET_VTT } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

const counts = (db: Db): Record<string, number> =>
  Object.fromEntries(
    ['episodes', 'media', 'participants', 'transcript_segments', 'rubric_dimensions', 'edit_history'].map(
      (t) => [t, (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n],
    ),
  )

describe('episodes from real media and transcripts', () => {
  const freshDb = (): { db: Db; file: string } => {
    const file = path.join(tempFolder(), 'episcore.sqlite')
    return { db: openDatabase(file), file }
  }

  it('creates an episode whose export carries the transcript exactly as the VTT has it, and validates', async () => {
    const { db } = freshDb()
    const id = await createEpisode(db, {
      mediaPath: SONNET_MP3,
      transcriptPath: SONNET_VTT,
      title: 'Sonnet 1',
      show: 'librivox',
      publishedOn: '2025-05-09',
    })
    const doc = exportEpisode(db, id)
    expect(validateEpisodeDocument(JSON.parse(JSON.stringify(doc)))).toEqual({
      ok: true,
      document: expect.anything(),
    })
    expect(doc.episode).toMatchObject({
      id,
      title: 'Sonnet 1',
      show: 'librivox',
      publishedOn: '2025-05-09',
    })
    expect(doc.episode.durationSeconds).toBeGreaterThan(53)
    expect(doc.episode.durationSeconds).toBeLessThan(54)
    expect(doc.episode.media).toMatchObject({ fileName: 'audio.mp3', kind: 'audio' })
    expect(doc.episode.media?.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(doc.rubric.dimensions.map((d) => d.key)).toEqual([
      'hostsInformedPeer',
      'guestTeaching',
      'guestDisagreement',
      'hostsPushingBack',
    ])
    const parsed = parseTranscript(fs.readFileSync(SONNET_VTT), 'sonnet001.vtt')
    expect(doc.transcript?.segments.map((s) => [s.start, s.end, s.text])).toEqual(
      parsed.segments.map((s) => [s.start, s.end, s.text]),
    )
    expect(doc.transcript?.segments[1]?.text).toBe('From fairest creatures we desire increase,')
    expect(doc.speakingBalance).toBeNull()
    expect(doc.scoreSummary).toEqual({
      hostsInformedPeer: null,
      guestTeaching: null,
      guestDisagreement: null,
      hostsPushingBack: null,
    })
    expect(listEpisodes(db).map((e) => [e.id, e.title, e.reviewStatus])).toEqual([[id, 'Sonnet 1', 'draft']])
  })

  it('reads the same sonnet from SRT and WebVTT to the same segments', async () => {
    const vtt = parseTranscript(fs.readFileSync(SONNET_VTT), 'a.vtt')
    const srt = parseTranscript(fs.readFileSync(SONNET_SRT), 'a.srt')
    expect(srt.format).toBe('srt')
    expect(srt.segments.map((s) => [s.start, s.end, s.text])).toEqual(
      vtt.segments.map((s) => [s.start, s.end, s.text]),
    )
  })

  it('keeps the database as it was when the transcript is corrupt or the media is missing or not media', async () => {
    const { db } = freshDb()
    await createEpisode(db, { mediaPath: SONNET_MP3, transcriptPath: SONNET_VTT })
    const before = counts(db)
    const corrupt = path.join(tempFolder(), 'broken.vtt')
    fs.writeFileSync(corrupt, 'WEBVTT\n\n00:00:01.000 --> garbage\nhello\n')
    await expect(createEpisode(db, { mediaPath: SONNET_MP3, transcriptPath: corrupt })).rejects.toThrow(
      /broken\.vtt: line 3: malformed cue timing/,
    )
    await expect(createEpisode(db, { mediaPath: '/no/such/file.mp3' })).rejects.toThrow(
      /media file not found/,
    )
    for (const bad of ['mono.empty.wav', 'mono.invalid.wav', 'mono.zero.wav'])
      await expect(createEpisode(db, { mediaPath: path.join(AUDIO_FORMATS, bad) })).rejects.toThrow(
        new RegExp(`^${bad.replace('.', '\\.')} cannot be used as media: `),
      )
    expect(counts(db)).toEqual(before)
  })

  it('undoes and redoes a title change, and the history survives closing the database', async () => {
    const { db, file } = freshDb()
    const id = await createEpisode(db, { mediaPath: SONNET_MP3, title: 'First' })
    updateEpisode(db, id, { title: 'Second' })
    updateEpisode(db, id, { title: 'Third' })
    expect(episodeView(db, id).history).toMatchObject({
      canUndo: true,
      canRedo: false,
      undoLabel: 'Rename episode',
    })
    undo(db, id)
    expect(episodeView(db, id).summary.title).toBe('Second')
    db.close()

    const reopened = openDatabase(file)
    expect(episodeView(reopened, id).history).toMatchObject({ canUndo: true, canRedo: true })
    undo(reopened, id)
    expect(episodeView(reopened, id).summary.title).toBe('First')
    expect(() => undo(reopened, id)).toThrow(/nothing to undo/)
    redo(reopened, id)
    redo(reopened, id)
    expect(episodeView(reopened, id).summary.title).toBe('Third')
    undo(reopened, id)
    updateEpisode(reopened, id, { title: 'Branch' })
    expect(episodeView(reopened, id).history.canRedo).toBe(false)
    expect(exportEpisode(reopened, id).episode.title).toBe('Branch')
    reopened.close()
  })

  it('opens an episode whose media was moved, with the analysis still there and the media marked missing', async () => {
    const dir = tempFolder()
    const copy = path.join(dir, 'moved.mp3')
    fs.copyFileSync(SONNET_MP3, copy)
    const { db } = freshDb()
    const id = await createEpisode(db, { mediaPath: copy, transcriptPath: SONNET_VTT })
    fs.rmSync(copy)
    const view = episodeView(db, id)
    expect(view.media).toEqual({
      fileName: 'moved.mp3',
      kind: 'audio',
      available: false,
      changed: false,
      declaredSeconds: null,
    })
    expect(view.transcript.segmentCount).toBeGreaterThan(10)
  })
})
