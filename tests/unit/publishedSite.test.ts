import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { ffprobePath } from '../../src/core/media/tools'
import { PLAYER_SCRIPT, PLAYER_SCRIPT_SOURCE } from '../../src/core/publish/site/playerScript'
import { exportSite } from '../../src/core/publish/site/writeSite'
import { readPublishingChoices } from '../../src/core/publish/site/publishingChoices'
import { episcore } from '../episcoreCli'
import { speechMp3, videoWithSpeech } from '../generateMedia'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { makeTemplate, seedMachineAnalysis, type Template } from './analysisFixture'

const HOSTILE = `</script><script>window.__pwned=1</script> <!-- --> & "q" 'q' \u0007\u2028\u202Eevil`

let video: Template
let audio: Template
/** Ten minutes, the length of the machine's episode. */
let longAudio: string
beforeAll(async () => {
  video = await makeTemplate({ media: videoWithSpeech(60) })
  audio = await makeTemplate({ media: speechMp3(60), transcript: 'none' })
  longAudio = speechMp3(600)
})

/** A copy of the template's library with the machine's analysis in it (and hostile words in the transcript). */
function library(template: Template): string {
  const file = path.join(tempFolder(), 'library.sqlite')
  fs.copyFileSync(template.file, file)
  const db = openDatabase(file)
  seedMachineAnalysis(db, template.id)
  db.prepare(`UPDATE transcript_segments SET text = ? WHERE episode_id = ? AND start = 1`).run(
    HOSTILE,
    template.id,
  )
  db.prepare(
    `UPDATE statements SET speaker_id = NULL WHERE episode_id = ? AND speaker_id NOT IN (SELECT id FROM participants WHERE episode_id = ?)`,
  ).run(template.id, template.id)
  db.close()
  return file
}

/** The page's inline data, read back as the page's script reads it. */
function inlineData(html: string): { duration: number; cues: [number, number, string | null, string][] } {
  const match = /<script type="application\/json" id="site-data">([^]*?)<\/script>/.exec(html)
  if (!match?.[1]) throw new Error('the page holds no inline data')
  return JSON.parse(match[1]) as { duration: number; cues: [number, number, string | null, string][] }
}

const codecsOf = (file: string): string[] =>
  spawnSync(
    ffprobePath(),
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'csv=p=0', file],
    {
      encoding: 'utf8',
    },
  )
    .stdout.trim()
    .split('\n')

describe('the web page folder', () => {
  it('holds the page, the media copy, captions, both transcripts, chapters and episode JSON', async () => {
    const db = openDatabase(library(video))
    const out = path.join(tempFolder(), 'site')
    const site = await exportSite(db, video.id, out, {})
    expect(site.files).toEqual([
      'captions.vtt',
      'chapters.json',
      'episode.json',
      'index.html',
      'media.mp4',
      'transcript.json',
    ])
    expect(fs.readFileSync(path.join(out, 'media.mp4'))).toEqual(fs.readFileSync(video.media))
    expect(fs.readFileSync(path.join(out, 'captions.vtt'), 'utf8')).toMatch(/^WEBVTT\n[^]*<v [^>]+>/)
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8')
    // The hostile words are in the captions' data exactly, and nowhere break out of it.
    expect(inlineData(html).cues.map((c) => c[3])).toContain(HOSTILE)
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(html).not.toContain('<!--')
    // Only the player's own script runs, by its hash; nothing is fetched but the media beside the page.
    expect(html).toContain(`<script>${PLAYER_SCRIPT}</script>`)
    expect(html).toContain(
      `default-src &#39;none&#39;; script-src ${PLAYER_SCRIPT_SOURCE.replace(/'/g, '&#39;')}; style-src &#39;unsafe-inline&#39;; img-src data:; media-src &#39;self&#39;;`,
    )
    expect(PLAYER_SCRIPT_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(PLAYER_SCRIPT).digest('base64')}'`,
    )
    expect([...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'media.mp4',
      '#how-scored',
    ])
    db.close()
  })

  it('copies only the audio stream into media.m4a, and keeps the choice for the next export', async () => {
    const db = openDatabase(library(video))
    const out = path.join(tempFolder(), 'site')
    await exportSite(db, video.id, out, { mediaAs: 'audio' })
    expect(fs.readdirSync(out)).toContain('media.m4a')
    expect(fs.readdirSync(out)).not.toContain('media.mp4')
    expect(codecsOf(path.join(out, 'media.m4a'))).toEqual(['aac,audio'])
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<audio id="media"')
    expect(readPublishingChoices(db, video.id)).toEqual({ mediaAs: 'audio', mediaUrl: null, baseUrl: null })

    // Kept: the next export without a choice is audio again; video then replaces the audio file.
    await exportSite(db, video.id, out, {})
    expect(fs.readdirSync(out)).toContain('media.m4a')
    const again = await exportSite(db, video.id, out, { mediaAs: 'video' })
    expect(again.files).toContain('media.mp4')
    expect(fs.readdirSync(out).filter((f) => f.startsWith('media.'))).toEqual(['media.mp4'])
    db.close()
  })

  it('plays a public media URL instead of a copy, admitted by the CSP, and refuses audio as video', async () => {
    const db = openDatabase(library(audio))
    const out = path.join(tempFolder(), 'site')
    await expect(exportSite(db, audio.id, out, { mediaAs: 'video' })).rejects.toThrow(
      /is audio; it cannot be published as video/,
    )
    await expect(exportSite(db, audio.id, out, { mediaUrl: 'ftp://cdn.example.com/a.mp3' })).rejects.toThrow(
      'the media URL must be an absolute http(s) address',
    )
    expect(fs.existsSync(out)).toBe(false)
    const site = await exportSite(db, audio.id, out, {
      mediaUrl: 'https://cdn.example.com/show/ep%201.mp3',
    })
    expect(site.files).not.toContain('media.mp3')
    // The chapters name the file the page plays.
    const chapters = JSON.parse(fs.readFileSync(path.join(out, 'chapters.json'), 'utf8')) as {
      fileName?: string
    }
    expect(chapters.fileName).toBe('ep 1.mp3')
    // No transcript: no captions file, no Captions button, and the export says so.
    expect(site.files).not.toContain('captions.vtt')
    expect(site.warnings.join('\n')).toMatch(/no transcript/)
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8')
    expect(html).not.toContain('id="cc"')
    expect(html).toContain('<source src="https://cdn.example.com/show/ep%201.mp3" type="audio/mpeg">')
    expect(html).toContain('media-src &#39;self&#39; https://cdn.example.com;')
    db.close()
  })

  it('refuses a folder holding anything but an earlier export of the episode, and media that is missing', async () => {
    const db = openDatabase(library(video))
    const out = tempFolder()
    fs.writeFileSync(path.join(out, 'notes.txt'), 'mine')
    await expect(exportSite(db, video.id, out, {})).rejects.toThrow(
      /holds files that are not a web page export of this episode \(notes\.txt\)/,
    )
    expect(fs.readdirSync(out)).toEqual(['notes.txt'])

    const other = tempFolder()
    fs.writeFileSync(path.join(other, 'episode.json'), JSON.stringify({ episode: { id: 'another-episode' } }))
    await expect(exportSite(db, video.id, other, {})).rejects.toThrow(/a web page export of another episode/)

    // An earlier export of the same episode is replaced; a file it no longer writes is removed.
    const site = path.join(tempFolder(), 'site')
    await exportSite(db, video.id, site, {})
    db.prepare(`DELETE FROM chapters WHERE episode_id = ?`).run(video.id)
    const again = await exportSite(db, video.id, site, {})
    expect(again.warnings.join('\n')).toMatch(/no chapters\.json/)
    expect(fs.readdirSync(site)).not.toContain('chapters.json')

    db.prepare(`UPDATE media SET path = ? WHERE episode_id = ?`).run('/nowhere/gone.mp4', video.id)
    const before = fs.readdirSync(site).map((f) => [f, fs.statSync(path.join(site, f)).mtimeMs])
    await expect(exportSite(db, video.id, site, {})).rejects.toThrow(
      /the media file is missing: .*Relink the media/,
    )
    expect(fs.readdirSync(site).map((f) => [f, fs.statSync(path.join(site, f)).mtimeMs])).toEqual(before)
    db.close()
  })
})

describe('a web page exported again into a folder a file manager has shown', () => {
  // Finder, Explorer and Dolphin leave hidden files in every folder they show; the editor cannot see them.
  const LEFT_BY_FILE_MANAGERS = [
    '.DS_Store',
    '._index.html',
    '.localized',
    'Thumbs.db',
    'desktop.ini',
    '.directory',
  ]

  it('is written over the earlier export, the file managers’ files left as they were', async () => {
    const db = openDatabase(library(audio))
    const out = path.join(tempFolder(), 'site')
    const options = { mediaUrl: 'https://cdn.example.com/show/ep1.mp3' }
    await exportSite(db, audio.id, out, options)
    for (const name of LEFT_BY_FILE_MANAGERS) fs.writeFileSync(path.join(out, name), `left by ${name}`)
    const again = await exportSite(db, audio.id, out, options)
    expect(again.files).toContain('index.html')
    for (const name of LEFT_BY_FILE_MANAGERS)
      expect(fs.readFileSync(path.join(out, name), 'utf8')).toBe(`left by ${name}`)

    // A folder holding only what Finder left is an empty one.
    const shown = tempFolder()
    fs.writeFileSync(path.join(shown, '.DS_Store'), 'finder')
    await exportSite(db, audio.id, shown, options)
    expect(fs.readdirSync(shown)).toEqual(expect.arrayContaining(['.DS_Store', 'index.html', 'episode.json']))
    // Another file beside them is still in the way.
    fs.writeFileSync(path.join(shown, 'notes.txt'), 'mine')
    await expect(exportSite(db, audio.id, shown, options)).rejects.toThrow(/\(notes\.txt\)/)
    db.close()
  })
})

describe('episcore export --format site and load --media', () => {
  it('loads a machine analysis with its media and publishes the folder, without the UI', () => {
    const folder = tempFolder()
    const media = longAudio
    const sha256 = createHash('sha256').update(fs.readFileSync(media)).digest('hex')
    const doc = machineEpisode('pipeline-episode')
    const file = path.join(folder, 'analysis.json')
    const db = path.join(folder, 'library.sqlite')

    fs.writeFileSync(
      file,
      JSON.stringify({ ...doc, episode: { ...doc.episode, media: { ...doc.episode.media, sha256 } } }),
    )
    const twice = episcore(['--db', db, 'load', file, '--media', media, '--media', media])
    expect(twice.code).toBe(2)
    expect(twice.stderr).toContain('load --media takes exactly one FILE')

    const loaded = episcore(['--db', db, 'load', file, '--media', media])
    expect(loaded.stderr).toBe('')
    expect(loaded.stdout).toBe('pipeline-episode\n')
    const out = path.join(folder, 'site')
    const site = episcore(['--db', db, 'export', 'pipeline-episode', '--format', 'site', '--out', out])
    expect(site.stderr).toBe('')
    expect(site.stdout).toBe(`${out}\n`)
    expect(fs.readdirSync(out)).toContain('media.mp3')
    // The chapters go with the file beside them, not with the one the analysis was made from.
    const chapters = JSON.parse(fs.readFileSync(path.join(out, 'chapters.json'), 'utf8')) as {
      fileName?: string
    }
    expect(doc.episode.media?.fileName).toBe('agentic-rl.mp3')
    expect(chapters.fileName).toBe('media.mp3')
    const noOut = episcore(['--db', db, 'export', 'pipeline-episode', '--format', 'site'])
    expect(noOut.code).toBe(2)
    expect(noOut.stderr).toContain('--format site needs --out DIR')
  })

  it('links media to a file that names none as it loads', () => {
    const folder = tempFolder()
    const file = path.join(folder, 'analysis.json')
    const db = path.join(folder, 'library.sqlite')
    const doc = machineEpisode('no-media-named')
    fs.writeFileSync(file, JSON.stringify({ ...doc, episode: { ...doc.episode, media: null } }))
    expect(episcore(['--db', db, 'load', file, '--media', longAudio]).code).toBe(0)
    const out = path.join(folder, 'site')
    const site = episcore(['--db', db, 'export', 'no-media-named', '--format', 'site', '--out', out])
    expect(site.stderr).toBe('')
    expect(fs.readFileSync(path.join(out, 'media.mp3'))).toEqual(fs.readFileSync(longAudio))
    const exported = JSON.parse(fs.readFileSync(path.join(out, 'episode.json'), 'utf8')) as {
      episode: { media: { fileName: string; kind: string } }
    }
    expect(exported.episode.media).toMatchObject({ fileName: path.basename(longAudio), kind: 'audio' })
  })

  it('refuses media whose SHA-256 is not the one the file names, loading nothing', () => {
    const folder = tempFolder()
    const media = longAudio
    const file = path.join(folder, 'analysis.json')
    const db = path.join(folder, 'library.sqlite')
    fs.writeFileSync(file, JSON.stringify(machineEpisode('mismatched')))
    const sha256 = createHash('sha256').update(fs.readFileSync(media)).digest('hex')
    const loaded = episcore(['--db', db, 'load', file, '--media', media])
    expect(loaded.code).toBe(1)
    expect(loaded.stderr).toContain(
      `names media with SHA-256 ${'ab'.repeat(32)}, but ${path.basename(media)} has SHA-256 ${sha256}; nothing was loaded`,
    )
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
  })
})
