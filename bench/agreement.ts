import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../src/core/load/loadEpisode'
import { PeaksCache } from '../src/core/media/peaksCache'
import { FileRefs } from '../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../src/core/service/handlers'
import type { AgreementDetail } from '../src/shared/agreement'
import type { Chapter, EpisodeDocument, Statement } from '../src/shared/episodeFormat'
import { bySpan } from '../src/shared/episodeFormat'
import { SEED_SCALE } from '../src/shared/rubric'
import { analysesOnScale } from '../tests/analysesOnScale'
import { random } from '../tests/seededRandom'
import { percentile, tenths, type Row } from './common'
import { scaleEpisode } from './scaleEpisode'
import type { Sizes } from './sizes'

const TARGET_MS = 500
const RUNS = 5

const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000

/**
 * The scale episode as `count` reviewers and machine runs analysed it: each cuts it into `chapters`
 * chapters at its own places, scores near the others (±2), and marks the statements a little earlier or
 * later (one in ten of its own instead).
 */
function analyses(sizes: Sizes): EpisodeDocument[] {
  const durationSeconds = sizes.scale.pieceSeconds * sizes.scale.pieces
  const base = scaleEpisode({
    id: 'agreement',
    durationSeconds,
    media: { fileName: 'm.mp3', sha256: 'a'.repeat(64) },
    scale: sizes.scale,
  })
  const next = random(29)
  const { analyses: count, chapters } = sizes.agreement
  const length = durationSeconds / chapters
  return Array.from({ length: count }, (_, k): EpisodeDocument => {
    const shift = (k / count) * length * 0.8
    const cuts = Array.from({ length: chapters - 1 }, (_, i) => ms((i + 1) * length - shift))
    const edges = [0, ...cuts, Math.floor(durationSeconds * 1000) / 1000]
    const ownChapters = edges.slice(0, -1).map((start, i): Chapter => {
      const model = base.chapters[
        Math.min(base.chapters.length - 1, Math.floor((start / durationSeconds) * base.chapters.length))
      ] as Chapter
      return {
        ...model,
        id: `ch${i + 1}`,
        start,
        end: edges[i + 1] as number,
        scores: Object.fromEntries(
          Object.entries(model.scores).map(([key, score]) => [
            key,
            {
              ...score,
              value:
                score.value === null
                  ? null
                  : Math.max(
                      SEED_SCALE.min,
                      Math.min(SEED_SCALE.max, score.value + Math.round(next() * 4 - 2)),
                    ),
            },
          ]),
        ),
      }
    })
    const statements = base.statements
      .map((s, i): Statement => {
        const moved = i % 10 === k % 10 ? 30 + next() * 20 : next() - 0.5
        const start = ms(Math.max(0, s.start + moved))
        return { ...s, start, end: ms(Math.min(durationSeconds, start + (s.end - s.start))), chapterId: null }
      })
      .sort(bySpan)
    return {
      ...base,
      episode: { ...base.episode, id: `agreement-${k + 1}` },
      transcript: null,
      chapters: ownChapters,
      statements,
      highlights: [],
      review: { ...base.review, reviewer: k === 0 ? null : `Reviewer ${k}` },
    }
  })
}

/**
 * Agreement over the analyses in a library, through the core's door as the compare screen asks for it:
 * each analysis read from the database, the units cut, alpha per dimension and statements matched.
 */
export async function agreementRows(sizes: Sizes): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-agreement-'))
  const db = openDatabase(path.join(dir, 'library.sqlite'))
  try {
    const documents = analyses(sizes)
    for (const doc of documents) loadEpisodeDocument(db, doc)
    const handlers = createHandlers({
      db,
      files: new FileRefs(),
      peaks: new PeaksCache(path.join(dir, 'peaks')),
    })
    const ids = documents.map((d) => d.episode.id)
    const times: number[] = []
    let result: AgreementDetail | null = null
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now()
      const reply = await dispatch(handlers, 'episodes.agreement', { ids })
      times.push(performance.now() - start)
      if (!reply.ok) throw new Error(`agreement refused: ${reply.error.message}`)
      result = reply.value as AgreementDetail
    }
    const median = tenths(percentile(times, 0.5))
    const alphas = Object.values(result?.dimensions ?? {}).map((d) => d.alpha.interval?.toFixed(2) ?? '-')
    return [
      {
        measure: `agreement of ${ids.length} analyses in the library, median of ${RUNS}`,
        value: median,
        unit: 'ms',
        target: `<= ${TARGET_MS}`,
        pass:
          median <= TARGET_MS &&
          result !== null &&
          result.statements.pairs.length === (ids.length * (ids.length - 1)) / 2,
        against: 'the target',
        input: `the scale episode analysed ${ids.length} times (${sizes.agreement.chapters} chapters each, cut at other places; ${sizes.scale.statements} statements each), read through the core's door`,
        note: `runs ${times.map((t) => tenths(t)).join(', ')} ms; ${result?.units} units; interval alphas ${alphas.join(', ')}`,
      },
    ]
  } finally {
    db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const HUGE_SCALE_MS = 10_000
const HUGE_SCALE_MB = 512

/** One agreement in a process of its own (bench/agreementChild.ts): its time and peak memory. */
function agreementInChild(
  databaseFile: string,
  ids: string[],
): { ms: number; peakMb: number; units: number } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'agreementChild.ts'), databaseFile, ...ids],
    { encoding: 'utf8', cwd: path.resolve(__dirname, '..') },
  )
  if (run.status !== 0) throw new Error(`the agreement's process failed: ${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
    ms: number
    peakMb: number
    units: number
  }
}

/**
 * Issue 38: analyses on a scale of 0 to 10^12 (each score a draw of 0..1000 times 10^9), measured
 * through the core's door as a host measures them, each in a process of its own, beside the same
 * analyses on 0..10. Before, 10 analyses on such a scale took 3.3 GB.
 */
export function hugeScaleRows(sizes: Sizes): Row[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-huge-scale-'))
  try {
    const { analyses: count, chapters } = sizes.hugeScale
    const measure = (
      name: string,
      scale: { min: number; max: number },
      levels: number,
      value: (k: number) => number,
    ) => {
      const databaseFile = path.join(dir, `${name}.sqlite`)
      const db = openDatabase(databaseFile)
      const documents = analysesOnScale({ count, chapters, levels, scale, value })
      try {
        for (const doc of documents) loadEpisodeDocument(db, doc)
      } finally {
        db.close()
      }
      return agreementInChild(
        databaseFile,
        documents.map((d) => d.episode.id),
      )
    }
    const huge = measure('huge', { min: 0, max: 1e12 }, 1_001, (k) => k * 1e9)
    const small = measure('small', { min: 0, max: 10 }, 11, (k) => k)
    const input = `${count} analyses of ${chapters} chapters each (4 dimensions, each cutting at its own places: ${huge.units} units), scored on a scale of 0 to 10^12, read from a library`
    const against = `the same analyses on a scale of 0 to 10, in a process of its own: ${tenths(small.ms)} ms, ${small.peakMb} MB`
    return [
      {
        measure: `agreement of ${count} analyses on a scale of 0 to 10^12, through the core's door`,
        value: tenths(huge.ms),
        unit: 'ms',
        target: `<= ${HUGE_SCALE_MS}`,
        pass: huge.ms <= HUGE_SCALE_MS,
        against,
        input,
        note: `measured on the agreement's thread, as the host does (its start included, compiling the sources under tsx); ${tenths(huge.ms / small.ms)}x the 0-10 scale's time`,
      },
      {
        measure: `peak memory of a process measuring the agreement of ${count} analyses on a scale of 0 to 10^12`,
        value: huge.peakMb,
        unit: 'MB',
        target: `<= ${HUGE_SCALE_MB}`,
        pass: huge.peakMb <= HUGE_SCALE_MB,
        against,
        input,
        note: 'the whole process (Node, the core, SQLite and the thread), its peak resident memory (maxRSS)',
      },
    ]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
