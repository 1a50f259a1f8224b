import { documentQuoteFindings } from '../src/shared/problems'
import type { EpisodeDocument } from '../src/shared/episodeFormat'
import { percentile, tenths, type Row } from './common'
import { scaleEpisode } from './scaleEpisode'
import type { Sizes } from './sizes'

const TARGET_MS = 100
const QUOTES = 200
const RUNS = 9

/**
 * The scale episode with a reasoning on every score and `QUOTES` passages in quotation marks among
 * them, half said in their chapter (six words of its transcript), half not said anywhere.
 */
function quotingEpisode(sizes: Sizes): EpisodeDocument {
  const durationSeconds = sizes.scale.pieceSeconds * sizes.scale.pieces
  const doc = scaleEpisode({
    id: 'quotes',
    durationSeconds,
    media: { fileName: 'm.mp3', sha256: '0'.repeat(64) },
    scale: sizes.scale,
  })
  const segments = doc.transcript?.segments ?? []
  const slots = doc.chapters.flatMap((c, i) => doc.rubric.dimensions.map((d) => ({ i, key: d.key, c })))
  for (let q = 0; q < QUOTES; q++) {
    const slot = slots[(q * 7) % slots.length]
    if (!slot) break
    const inChapter = segments.filter((s) => s.start >= slot.c.start && s.end <= slot.c.end)
    const segment = inChapter[(q * 13) % Math.max(1, inChapter.length)]
    const said = segment?.text.split(' ').slice(1, 7).join(' ') ?? 'words of nobody'
    const quote = q % 2 === 0 ? said : `words nobody said in number ${q} here`
    const score = slot.c.scores[slot.key]
    if (score) score.reasoning = `${score.reasoning} The guest said “${quote}”.`
  }
  return doc
}

/**
 * Checking every quoted passage of the reasonings against the transcript, from the file as it is (the
 * words indexed, then each passage looked up), as `episcore problems FILE` and a view without a kept
 * index do it.
 */
export function quoteCheckRows(sizes: Sizes): Row[] {
  const doc = quotingEpisode(sizes)
  const times: number[] = []
  let found = 0
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now()
    found = documentQuoteFindings(doc).reduce((n, f) => n + f.quotes.length, 0)
    times.push(performance.now() - start)
  }
  const median = tenths(percentile(times, 0.5))
  return [
    {
      measure: `quote check: ${QUOTES} quoted passages in the reasonings against ${sizes.scale.words} transcript words, median of ${RUNS}`,
      value: median,
      unit: 'ms',
      target: `<= ${TARGET_MS}`,
      pass: median <= TARGET_MS && found === QUOTES / 2,
      against: 'the target',
      input: `the scale episode in Node (${sizes.scale.chapters} chapters, a reasoning on every score)`,
      note: `runs ${times.map((t) => tenths(t)).join(', ')} ms; the index of words built each run; ${found} passages found unsaid (${QUOTES / 2} expected)`,
    },
  ]
}
