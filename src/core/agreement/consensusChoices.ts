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
  /** Whether the consensus holds an item from `source` at the same moment with the same title. */
  const taken = (
    held: readonly { title: string; at: number; provenance: Provenance }[],
    source: string,
    item: { title: string; at: number },
  ): boolean =>
    held.some((h) => fromSource(h.provenance, source) && h.at === item.at && h.title === item.title)
  const heldStatements = consensus.statements.map((s) => ({
    title: s.title,
    at: s.start,
    provenance: provenanceOf(s.extensions),
  }))
  const heldHighlights = consensus.highlights.map((h) => ({
    title: h.title,
    at: h.time,
    provenance: provenanceOf(h.extensions),
  }))
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
    statements: sources.map(({ id: source, document }) =>
      document.statements.map(({ id: statementId, title, start, end }) => ({
        id: statementId,
        title,
        start,
        end,
        taken: taken(heldStatements, source, { title, at: start }),
      })),
    ),
    highlights: sources.map(({ id: source, document }) =>
      document.highlights.map(({ id: highlightId, dimension, time, title }) => ({
        id: highlightId,
        dimension,
        time,
        title,
        taken: taken(heldHighlights, source, { title, at: time }),
      })),
    ),
  }
}
