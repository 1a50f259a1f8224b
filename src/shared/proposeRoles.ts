import type { Role } from './episodeFormat'

/** A transcript speaker as the proposal weighs them: their name and how much they said. */
export interface SpeakerShare {
  id: string
  name: string
  words: number
}

/** Below this share of the words, a speaker not named in the title is likely someone passing by. */
export const MINOR_SHARE = 0.1

/** Words of a name that say nothing about who speaks: diarization labels and short particles. */
const isLabelWord = (word: string): boolean => word.length < 3 || /^(speaker|spk|unknown)\d*$/.test(word)

const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** Whether the title names the speaker: any word of their name (not a label like SPEAKER_1) in it. */
export function namedInTitle(name: string, title: string): boolean {
  const inTitle = new Set(words(title))
  return words(name).some((w) => !isLabelWord(w) && inTitle.has(w))
}

/**
 * The role each speaker likely has, from the episode's title and who said how much. Titles name the
 * guest ("… — Will Brown (Prime Intellect)"), so a speaker named there is a guest; of the others, the
 * one who said most is the host. The rest: with a guest named, a speaker who says a fair share is a
 * co-host, otherwise another guest; one with less than a tenth of the words is "other". Nothing is
 * proposed before anyone has said a word.
 */
export function proposeRoles(title: string, speakers: readonly SpeakerShare[]): Map<string, Role> {
  const proposals = new Map<string, Role>()
  const total = speakers.reduce((sum, s) => sum + s.words, 0)
  if (total === 0) return proposals
  const named = new Set(speakers.filter((s) => namedInTitle(s.name, title)).map((s) => s.id))
  const host = speakers
    .filter((s) => !named.has(s.id) && s.words > 0)
    .reduce<SpeakerShare | null>((most, s) => (!most || s.words > most.words ? s : most), null)
  for (const s of speakers) {
    if (named.has(s.id)) proposals.set(s.id, 'guest')
    else if (s === host) proposals.set(s.id, 'host')
    else if (s.words / total < MINOR_SHARE) proposals.set(s.id, 'other')
    else proposals.set(s.id, named.size > 0 ? 'host' : 'guest')
  }
  return proposals
}
