import type { Chapter, EpisodeDocument, EvidenceItem, Statement } from '../../shared/episodeFormat'
import { evidenceText } from '../../shared/evidence'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { exportEpisode } from '../export/exportEpisode'
import { readRow } from '../history/rowWriter'
import { documentRows } from '../load/documentRows'
import { loadEpisodeDocument } from '../load/loadEpisode'
import { reviewerName } from '../review/reviewerName'
import { analysisEdit } from '../analysis/analysisEdit'
import { refuseOtherEpisodes } from './agreement'

/** What the consensus takes from one of its sources: a chapter's title and why, a score, a statement, a highlight. */
export type ConsensusItem =
  | { kind: 'chapter'; chapterId: string; sourceChapterId?: string }
  | { kind: 'score'; chapterId: string; dimension: string; sourceChapterId?: string }
  | { kind: 'statement'; statementId: string }
  | { kind: 'highlight'; highlightId: string }

type Extensions = Record<string, unknown> | undefined

/** Each item of a consensus says where it came from: `extensions.episcore.source`, a library id. */
function withSource(extensions: Extensions, source: string): Record<string, unknown> {
  const episcore = extensions?.episcore
  return {
    ...extensions,
    episcore: { ...(typeof episcore === 'object' && episcore !== null ? episcore : {}), source },
  }
}

/** The library ids a consensus was built from, kept on its episode (`extensions.episcore.consensusOf`). */
export function consensusSources(db: Db, id: string): string[] | null {
  const row = db.prepare(`SELECT extensions FROM episodes WHERE id = ?`).get(id) as
    { extensions: string | null } | undefined
  if (!row?.extensions) return null
  const of = (JSON.parse(row.extensions) as { episcore?: { consensusOf?: unknown } }).episcore?.consensusOf
  return Array.isArray(of) && of.every((s) => typeof s === 'string') ? of : null
}

/**
 * A new analysis to build the consensus in: a copy of the first source (its chapters, statements,
 * highlights, transcript), every item marked as coming from it, under the next free `<id>-N`. The editor
 * then takes items from the other sources one edit at a time ({@link takeFromAnalysis}).
 */
export function buildConsensus(db: Db, ids: readonly string[]): { id: string } {
  if (ids.length < 2) throw new UserError('invalid-request', 'a consensus needs two analyses or more')
  const documents = ids.map((id) => exportEpisode(db, id, { includeTranscript: id === ids[0] }))
  refuseOtherEpisodes(documents.map((document, i) => ({ source: ids[i] as string, document })))
  const base = structuredClone(documents[0] as EpisodeDocument)
  const from = ids[0] as string
  const title = `${base.episode.title} (consensus)`
  base.episode.title = title.length <= 500 ? title : base.episode.title
  base.episode.extensions = {
    ...base.episode.extensions,
    episcore: { ...(base.episode.extensions?.episcore as object | undefined), consensusOf: [...ids] },
  }
  base.review = { status: 'inReview', reviewer: reviewerName(db), updatedAt: new Date().toISOString() }
  base.chapters = base.chapters.map((c) => ({
    ...c,
    extensions: withSource(c.extensions, from),
    scores: Object.fromEntries(
      Object.entries(c.scores).map(([key, s]) => [key, { ...s, extensions: withSource(s.extensions, from) }]),
    ),
  }))
  base.statements = base.statements.map((s) => ({ ...s, extensions: withSource(s.extensions, from) }))
  base.highlights = base.highlights.map((h) => ({ ...h, extensions: withSource(h.extensions, from) }))
  const { id } = loadEpisodeDocument(db, base, {
    keepBoth: true,
    markCopy: false,
    name: `the consensus of ${ids.join(', ')}`,
  })
  return { id }
}

/** A source's chapters that cover part of `[start, end)`, in time order: more than one where it splits there. */
export function overlappingChapters(source: EpisodeDocument, start: number, end: number): Chapter[] {
  // A shared edge (one ends where the other starts) is no overlap: whole milliseconds, as times are kept.
  return source.chapters
    .filter((c) => Math.min(c.end, end) - Math.max(c.start, start) >= 0.001)
    .sort((a, b) => a.start - b.start)
}

/**
 * The source's chapter to take from: the one named (a piece of the consensus chapter where the source
 * splits it), or the one that holds the middle of the consensus chapter.
 */
function sourceChapter(
  source: EpisodeDocument,
  start: number,
  end: number,
  sourceId: string,
  wanted: string | undefined,
): Chapter {
  if (wanted !== undefined) {
    const piece = overlappingChapters(source, start, end).find((c) => c.id === wanted)
    if (!piece)
      throw new UserError(
        'not-found',
        `${sourceId} has no chapter ${wanted} over ${start.toFixed(1)}–${end.toFixed(1)} s to take from`,
      )
    return piece
  }
  const mid = (start + end) / 2
  const chapter = source.chapters.find((c) => c.start <= mid && mid < c.end)
  if (!chapter)
    throw new UserError('not-found', `${sourceId} has no chapter at ${mid.toFixed(1)} s to take from`)
  return chapter
}

/**
 * Citations of the source's statements become the stretches those statements cover: the consensus may
 * not hold the same statements, and a time range stays true wherever it is read.
 */
function portableEvidence(
  evidence: readonly EvidenceItem[] | undefined,
  source: EpisodeDocument,
): string | null {
  if (evidence === undefined) return evidenceText(undefined)
  const statements = new Map(source.statements.map((s) => [s.id, s]))
  return evidenceText(
    evidence.map((item): EvidenceItem => {
      if (!('statement' in item)) return item
      const s = statements.get(item.statement) as Statement
      return { start: s.start, end: s.end, ...(item.note !== undefined && { note: item.note }) }
    }),
  )
}

/** Takes one item of `sourceId` into the consensus `id`, its provenance with it: one undoable edit. */
export function takeFromAnalysis(db: Db, id: string, sourceId: string, item: ConsensusItem): void {
  const sources = consensusSources(db, id)
  if (!sources) throw new UserError('invalid-request', `${id} is not a consensus built from other analyses`)
  if (!sources.includes(sourceId))
    throw new UserError('invalid-request', `${sourceId} is not one of the analyses ${id} was built from`)
  const source = exportEpisode(db, sourceId, { includeTranscript: false })
  const ext = (extensions: Extensions): string => JSON.stringify(withSource(extensions, sourceId))
  const name = (source.review.reviewer ?? sourceId).slice(0, 60)
  switch (item.kind) {
    case 'chapter':
    case 'score': {
      const key = { episode_id: id, id: item.chapterId }
      const chapter = readRow(db, 'chapters', key)
      if (!chapter) throw new UserError('not-found', `no chapter ${item.chapterId} in ${id}`)
      const from = sourceChapter(
        source,
        chapter.start as number,
        chapter.end as number,
        sourceId,
        item.sourceChapterId,
      )
      if (item.kind === 'chapter')
        return analysisEdit(db, id, `Take chapter from ${name}`, (w) =>
          w.update('chapters', key, {
            title: from.title,
            why: from.why,
            evidence: portableEvidence(from.evidence, source),
            extensions: ext(from.extensions),
          }),
        )
      const score = from.scores[item.dimension]
      if (!score) throw new UserError('not-found', `${sourceId} has no ${item.dimension} score there`)
      const scoreKey = { episode_id: id, chapter_id: item.chapterId, dimension_key: item.dimension }
      const row = {
        value: score.value,
        reasoning: score.reasoning,
        evidence: portableEvidence(score.evidence, source),
        extensions: ext(score.extensions),
        review: 'edited',
      }
      return analysisEdit(db, id, `Take score from ${name}`, (w) =>
        readRow(db, 'scores', scoreKey)
          ? w.update('scores', scoreKey, row)
          : w.insert('scores', { ...scoreKey, ...row }),
      )
    }
    case 'statement':
    case 'highlight': {
      const rows = documentRows(source, new Date().toISOString())
      const table = item.kind === 'statement' ? 'statements' : 'highlights'
      const wanted = item.kind === 'statement' ? item.statementId : item.highlightId
      const row = rows[table].find((r) => r.id === wanted)
      if (!row) throw new UserError('not-found', `${sourceId} has no ${item.kind} ${wanted}`)
      let newId = wanted
      for (let n = 2; readRow(db, table, { episode_id: id, id: newId }); n++)
        newId = `${wanted}-${n}`.slice(-64)
      const speaker = row.speaker_id
      const speakerKnown =
        typeof speaker === 'string' && readRow(db, 'participants', { episode_id: id, id: speaker }) !== null
      if (
        item.kind === 'highlight' &&
        !readRow(db, 'rubric_dimensions', { episode_id: id, key: row.dimension_key ?? null })
      )
        throw new UserError(
          'invalid-request',
          `the consensus has no dimension ${String(row.dimension_key)} for this highlight`,
        )
      const extensions = (
        source[table === 'statements' ? 'statements' : 'highlights'] as {
          id: string
          extensions?: Extensions
        }[]
      ).find((x) => x.id === wanted)?.extensions
      // One highlight per dimension: the source's takes the place of the consensus's own.
      const same =
        item.kind === 'highlight'
          ? (db
              .prepare(`SELECT id FROM highlights WHERE episode_id = ? AND dimension_key = ?`)
              .get(id, row.dimension_key ?? null) as { id: string } | undefined)
          : undefined
      if (same) {
        const { id: _sourceId, episode_id: _episode, ...fields } = row
        return analysisEdit(db, id, `Take highlight from ${name}`, (w) =>
          w.update('highlights', { episode_id: id, id: same.id }, { ...fields, extensions: ext(extensions) }),
        )
      }
      return analysisEdit(db, id, `Take ${item.kind} from ${name}`, (w) =>
        w.insert(table, {
          ...row,
          episode_id: id,
          id: newId,
          ...(table === 'statements' && { speaker_id: speakerKnown ? speaker : null }),
          extensions: ext(extensions),
        }),
      )
    }
  }
}
