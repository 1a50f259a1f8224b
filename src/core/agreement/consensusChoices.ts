import type { ConsensusChoices, Provenance } from '../../shared/agreement'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { exportEpisode } from '../export/exportEpisode'
import { libraryEpisodes } from '../library/analysisFacts'
import { analysisOrigin } from './agreement'
import { consensusSources, overlappingChapters } from './consensus'
import { provenanceOf } from './provenance'

const fromSource = (p: Provenance, source: string): boolean =>
  p !== null && 'source' in p && p.source === source

/**
 * Per source, what it offers of one kind of timed item (its statements, or its highlights), each marked
 * `taken` when the consensus holds an item from that source at the same moment with the same title.
 */
function offersOf<T extends { title: string; extensions?: Record<string, unknown> }, V>(
  sources: readonly { id: string; document: EpisodeDocument }[],
  held: readonly T[],
  kind: {
    of: (document: EpisodeDocument) => readonly T[]
    at: (item: T) => number
    view: (item: T) => V
  },
): (V & { taken: boolean })[][] {
  const holds = held.map((h) => ({ title: h.title, at: kind.at(h), provenance: provenanceOf(h.extensions) }))
  return sources.map(({ id: source, document }) =>
    kind.of(document).map((item) => ({
      ...kind.view(item),
      taken: holds.some(
        (h) => fromSource(h.provenance, source) && h.at === kind.at(item) && h.title === item.title,
      ),
    })),
  )
}

/** The consensus beside what each source offers for every chapter, score, statement and highlight. */
export function consensusChoices(db: Db, id: string): ConsensusChoices {
  const ids = consensusSources(db, id)
  if (!ids) throw new UserError('invalid-request', `${id} is not a consensus built from other analyses`)
  const consensus = exportEpisode(db, id, { includeTranscript: false })
  const sources = ids.flatMap((source): { id: string; document: EpisodeDocument }[] => {
    // A source deleted since is left out; what was taken from it keeps its provenance.
    const exists = db.prepare(`SELECT 1 FROM episodes WHERE id = ?`).get(source)
    return exists ? [{ id: source, document: exportEpisode(db, source, { includeTranscript: false }) }] : []
  })
  const names = new Map(
    libraryEpisodes(db)
      .flatMap((e) => e.analyses)
      .map((a) => [a.id, a.name]),
  )
  return {
    id,
    sources: sources.map(({ id: source, document }) => ({
      id: source,
      title: document.episode.title,
      reviewer: document.review.reviewer,
      origin: analysisOrigin(document),
      name: names.get(source) ?? document.episode.title,
    })),
    dimensions: consensus.rubric.dimensions.map(({ key, label }) => ({ key, label })),
    chapters: consensus.chapters.map((c) => {
      const mid = (c.start + c.end) / 2
      return {
        chapterId: c.id,
        title: c.title,
        start: c.start,
        end: c.end,
        provenance: provenanceOf(c.extensions),
        scores: Object.fromEntries(
          Object.entries(c.scores).map(([key, s]) => [
            key,
            { value: s.value, provenance: provenanceOf(s.extensions) },
          ]),
        ),
        offers: sources.map(({ document }) => {
          const over = document.chapters.find((x) => x.start <= mid && mid < x.end)
          return over
            ? {
                title: over.title,
                why: over.why,
                scores: Object.fromEntries(Object.entries(over.scores).map(([key, s]) => [key, s.value])),
              }
            : null
        }),
        pieces: sources.map(({ document }) =>
          overlappingChapters(document, c.start, c.end).map((x) => ({
            chapterId: x.id,
            start: x.start,
            end: x.end,
            title: x.title,
            why: x.why,
            scores: Object.fromEntries(Object.entries(x.scores).map(([key, s]) => [key, s.value])),
          })),
        ),
      }
    }),
    statements: offersOf(sources, consensus.statements, {
      of: (document) => document.statements,
      at: (s) => s.start,
      view: ({ id, title, start, end }) => ({ id, title, start, end }),
    }),
    highlights: offersOf(sources, consensus.highlights, {
      of: (document) => document.highlights,
      at: (h) => h.time,
      view: ({ id, dimension, time, title }) => ({ id, dimension, time, title }),
    }),
  }
}
