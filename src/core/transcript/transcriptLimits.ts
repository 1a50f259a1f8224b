import {
  controlCharactersReplaced,
  ITEM_LIMITS,
  MAX_SEGMENT_TEXT,
  MAX_WORD_TEXT,
  tooMany,
  withoutControlCharacters,
} from '../../shared/episodeLimits'
import { TEXT_LIMITS, tooLong } from '../../shared/textLimits'
import { UserError } from '../errors'
import type { ParsedTranscript } from './parsedTranscript'

/**
 * Refuses a transcript that holds more than an episode may (episodeLimits.ts): the limits a loaded
 * episode file obeys hold for a transcript imported into one, so that every episode can be exported.
 * A speaker's name loses its control characters as a typed one does, with a warning.
 */
/** Longer than `limit` characters, counted as the schema counts them (code points). */
const over = (text: string, limit: number): boolean => text.length > limit && [...text].length > limit

export function checkTranscriptLimits(transcript: ParsedTranscript, fileName: string): void {
  const refuse = (problem: string): never => {
    throw new UserError('invalid-input', `${fileName}: ${problem}`)
  }
  const { segments } = transcript
  if (segments.length > ITEM_LIMITS.segments)
    refuse(
      `${segments.length.toLocaleString('en')} segments: ${tooMany(ITEM_LIMITS.segments, 'transcript segments')}`,
    )
  let words = 0
  const speakers = new Set<string>()
  const renamed = new Set<string>()
  segments.forEach((segment, i) => {
    const which = `segment ${i + 1}`
    if (over(segment.text, MAX_SEGMENT_TEXT)) refuse(`the text of ${which} ${tooLong(MAX_SEGMENT_TEXT)}`)
    if (segment.speaker !== null) {
      // A speaker becomes a participant, whose name holds no control characters: cleaned, as typed.
      const name = withoutControlCharacters(segment.speaker)
      if (name.replaced) {
        segment.speaker = name.text.trim() || null
        renamed.add(segment.speaker ?? '')
      }
    }
    if (segment.speaker !== null) {
      if (over(segment.speaker.trim(), TEXT_LIMITS.name))
        refuse(`the speaker's name of ${which} ${tooLong(TEXT_LIMITS.name)}`)
      speakers.add(segment.speaker.trim().toLocaleLowerCase())
    }
    words += segment.words.length
    for (const word of segment.words)
      if (over(word.text, MAX_WORD_TEXT)) refuse(`a word of ${which} ${tooLong(MAX_WORD_TEXT)}`)
  })
  if (words > ITEM_LIMITS.words)
    refuse(`${words.toLocaleString('en')} words: ${tooMany(ITEM_LIMITS.words, 'transcript words')}`)
  for (const name of renamed) (transcript.warnings ??= []).push(controlCharactersReplaced(name, 'name'))
  if (speakers.size > ITEM_LIMITS.participants)
    refuse(
      `${speakers.size.toLocaleString('en')} speakers: ${tooMany(ITEM_LIMITS.participants, 'participants')}`,
    )
}
