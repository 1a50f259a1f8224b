import type { EpisodeDocument, Role } from '../src/shared/episodeFormat'
import { machineEpisode, withDerivedFields } from './machineEpisode'

export const SHOW = 'latent-space'

/**
 * The same interview as three episodes of one show, each scored its own way, with its own date and
 * speakers' share; given out of date order, so an order on the page is the core's doing.
 */
export function showEpisodes(): EpisodeDocument[] {
  const episode = (
    id: string,
    title: string,
    publishedOn: string,
    shift: number,
    guestSpeaks: number,
  ): EpisodeDocument => {
    const doc = structuredClone(machineEpisode(id))
    doc.episode.title = title
    doc.episode.publishedOn = publishedOn
    ownMedia(doc)
    doc.chapters.forEach((chapter, i) => {
      for (const [key, score] of Object.entries(chapter.scores))
        if (score.value !== null) {
          score.value = Math.min(10, Math.max(0, score.value + shift - i))
          score.reasoning = `${title} ${chapter.title} ${key}`
        }
    })
    // The guest's long answer, its length the episode's own, so each row's balance differs.
    doc.transcript?.segments.push({
      id: 'answer',
      start: 240,
      end: 240 + guestSpeaks,
      speakerId: 'will',
      text: 'A long answer.',
      words: [],
    })
    return withDerivedFields(doc)
  }
  return [
    episode('latent-3', 'Third: Evals', '2025-07-01', 2, 120),
    episode('latent-1', 'First: Agents', '2025-03-15', 0, 30),
    episode('latent-2', 'Second: Rewards', '2025-05-09', 1, 300),
  ]
}

/**
 * Media of the episode's own: three episodes of a show are three programmes, each its own file (the
 * same file would make them analyses of one episode, which the page counts once).
 */
function ownMedia(doc: EpisodeDocument): void {
  const media = doc.episode.media
  if (!media) return
  const hex = [...doc.episode.id].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')
  doc.episode.media = { ...media, sha256: hex.padEnd(64, '0').slice(0, 64) }
}

/** An episode of another show, which no page of this one may count. */
export function otherShowEpisode(): EpisodeDocument {
  const doc = structuredClone(machineEpisode('other-show-1'))
  ownMedia(doc)
  doc.episode.show = 'another-show'
  doc.episode.title = 'Elsewhere'
  doc.chapters.forEach((c) => {
    for (const score of Object.values(c.scores)) score.value = 10
  })
  return withDerivedFields(doc)
}

/**
 * The episode's average per dimension, one decimal: the plain mean of its scored chapters' scores, the
 * one definition the library, the page, the Chapters table and the published page share.
 */
export function expectedAverages(doc: EpisodeDocument): Record<string, number> {
  const averages: Record<string, number> = {}
  for (const { key } of doc.rubric.dimensions) {
    const values = doc.chapters.flatMap((c) => {
      const value = c.scores[key]?.value
      return typeof value === 'number' ? [value] : []
    })
    if (values.length === 0) continue
    averages[key] = Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10
  }
  return averages
}

/** Seconds each role speaks in the document's transcript. */
export function expectedSeconds(doc: EpisodeDocument): Record<Role, number> {
  const seconds: Record<Role, number> = { host: 0, guest: 0, other: 0 }
  const roleOf = new Map(doc.participants.map((p) => [p.id, p.role]))
  for (const s of doc.transcript?.segments ?? []) {
    const role = s.speakerId === null ? undefined : roleOf.get(s.speakerId)
    if (role !== undefined) seconds[role] += s.end - s.start
  }
  return seconds
}

/** How many chapter scores of the documents gave `value` for the dimension `key`. */
export const expectedCount = (docs: readonly EpisodeDocument[], key: string, value: number): number =>
  docs.flatMap((d) => d.chapters).filter((c) => c.scores[key]?.value === value).length
