import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { PeakFolder } from '../../src/core/media/peakFolder'
import { decodeRange } from '../../src/core/media/decodeRange'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

const ffmpegSetting = process.env.EPISCORE_FFMPEG
afterEach(() => {
  if (ffmpegSetting === undefined) delete process.env.EPISCORE_FFMPEG
  else process.env.EPISCORE_FFMPEG = ffmpegSetting
})

const whole = { seekSample: 0, keepFrom: 0, keepTo: null }
const decode = (media: string): Promise<unknown> =>
  decodeRange(media, whole, 44_100, 0, new PeakFolder(441), undefined, () => undefined)

describe('an ffmpeg the system will not start (quarantined by an antivirus, too many open files)', () => {
  it('is a sentence naming ffmpeg and why, and the process that asked goes on', async () => {
    const media = speechMp3(5)
    const gone = path.join(tempFolder(), 'ffmpeg')
    process.env.EPISCORE_FFMPEG = gone
    await expect(decode(media)).rejects.toThrow(
      `cannot run ffmpeg (${gone}): it is not there (removed, or quarantined by an antivirus)`,
    )

    const forbidden = path.join(tempFolder(), 'ffmpeg')
    fs.writeFileSync(forbidden, '#!/bin/sh\n')
    fs.chmodSync(forbidden, 0o644)
    process.env.EPISCORE_FFMPEG = forbidden
    await expect(decode(media)).rejects.toThrow(`cannot run ffmpeg (${forbidden}): it may not be run`)
  })

  it('leaves the episode’s waveform failed with that sentence, for the editor to read', async () => {
    const dir = tempFolder()
    const db = openDatabase(path.join(dir, 'db.sqlite'))
    // Added while ffmpeg could still run (its length is decoded when it is linked).
    const id = await createEpisode(db, { mediaPath: speechMp3(6) })
    process.env.EPISCORE_FFMPEG = path.join(dir, 'quarantined', 'ffmpeg')
    const cache = new PeaksCache(path.join(dir, 'peaks'))
    await expect(cache.fileForEpisode(db, id)).rejects.toThrow(
      /cannot run ffmpeg \(.*quarantined.*\): it is not there/,
    )
    expect(cache.status(db, id, 'peek')).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('cannot run ffmpeg'),
    })
    db.close()
  })
})
