import { ROLE_COLORS, dimensionColor } from '../../shared/chartColors'
import type { EpisodeDocument, SpeakingBalance } from '../../shared/episodeFormat'
import { labelEvery, scaleTicks, scoreSeries, seriesRuns } from '../../shared/scoreChart'
import { formatClock } from '../../shared/time'
import { evidenceMoments } from './evidenceMoments'
import { markup, type Markup } from './htmlMarkup'

const WIDTH = 720
const SCORE_HEIGHT = 260
const BALANCE_HEIGHT = 120
const PAD = { left: 34, right: 12, top: 12, bottom: 36 }
const PLOT_W = WIDTH - PAD.left - PAD.right
// Dimensions giving a chapter the same score would hide each other: each sits a little to one side.
const SPREAD = 5

// Coordinates with two decimals keep the page small.
const n = (value: number): string => String(Math.round(value * 100) / 100)

/**
 * An axis label's class: on a phone, where the labels are drawn larger, every other one is left out
 * (`narrow-hide`) so that they do not run into each other.
 */
const axisClass = (i: number, every: number): string => ((i / every) % 2 === 1 ? 'axis narrow-hide' : 'axis')

/**
 * Each chapter's score on each dimension, a line per dimension. Hovering a point shows its chapter,
 * score and reasoning through the SVG's own `<title>`, which needs no script.
 */
export function scoreChartSvg(doc: EpisodeDocument, playable = false): Markup {
  const { chapters } = doc
  const series = scoreSeries(doc)
  const { min, max } = doc.rubric.scale
  const plotH = SCORE_HEIGHT - PAD.top - PAD.bottom
  const band = PLOT_W / Math.max(1, chapters.length)
  const middle = (series.length - 1) / 2
  const x = (chapter: number, s: number): number => PAD.left + band * (chapter + 0.5) + (s - middle) * SPREAD
  const y = (value: number): number => PAD.top + plotH * (1 - (value - min) / Math.max(1, max - min))
  const every = labelEvery(chapters.length, 12)

  const ticks = scaleTicks(min, max).map(
    (
      t,
    ) => markup`<g class="tick"><line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${n(y(t))}" y2="${n(y(t))}"/>
<text x="${PAD.left - 6}" y="${n(y(t))}" text-anchor="end" dominant-baseline="middle">${t}</text></g>
`,
  )
  const axis = chapters.map((c, i) =>
    i % every === 0
      ? // The words around the number are there for whoever reads the text rather than sees it:
        // "Chapter 4, 10:40", not "410:40". Lines apart by ems: a phone draws the labels larger.
        markup`<text class="${axisClass(i, every)}" x="${n(x(i, middle))}" y="${PAD.top + plotH}" dy="1.3em" text-anchor="middle"><tspan class="unseen">Chapter </tspan>${i + 1}<tspan class="unseen">, </tspan><tspan x="${n(x(i, middle))}" dy="1.2em">${formatClock(c.start)}</tspan></text>
`
      : '',
  )
  let focusable = false
  const lines = series.map((s, si) => {
    const runs = seriesRuns(s.points).map((run) =>
      run.length > 1
        ? markup`<polyline fill="none" points="${run.map((p) => `${n(x(p.chapterIndex, si))},${n(y(p.value))}`).join(' ')}"/>
`
        : '',
    )
    const points = s.points.map((p) => {
      const first = !focusable
      focusable = true
      const chapter = chapters[p.chapterIndex]
      const title = chapter?.title || `Chapter ${p.chapterIndex + 1}`
      const moments = evidenceMoments(doc, chapter?.scores[s.key]?.evidence)
      const cited = moments.length > 0 ? `\nEvidence: ${moments.map((m) => m.text).join(', ')}` : ''
      // Isolated (U+2068 … U+2069): a title's right-to-left override cannot reverse the score after it.
      const tip = `\u2068${title}\u2069 · \u2068${s.label}\u2069: ${p.value} / ${max}\n${p.reasoning || 'No reasoning given.'}${cited}`
      // On the interactive page a point is a control: focus shows its reasoning, a click plays the chapter.
      // The chart is one stop in the tab order, its first point; the arrows move between points.
      const control = playable
        ? // A click plays the score's first evidence, else its chapter.
          markup` tabindex="${first ? 0 : -1}" role="button" data-col="${p.chapterIndex}" data-t="${moments[0]?.start ?? chapter?.start ?? 0}" data-tip="${tip}" aria-label="${tip.replace(/\n/g, '. ')}"`
        : ''
      return markup`<circle cx="${n(x(p.chapterIndex, si))}" cy="${n(y(p.value))}" r="5"${control}><title>${tip}</title></circle>
`
    })
    return markup`<g class="series" stroke="${dimensionColor(si)}" fill="${dimensionColor(si)}">
${runs}${points}</g>
`
  })
  // Only the colours drawn: a dimension no chapter is scored on has no line to name.
  const legend = series.map((s, si) =>
    s.points.length > 0
      ? markup`<li><i class="swatch" style="background:${dimensionColor(si)}"></i>${s.label}</li>`
      : '',
  )
  // A group, not an image, where its points are controls: an image's parts cannot be reached.
  return markup`<svg class="scores" viewBox="0 0 ${WIDTH} ${SCORE_HEIGHT}" role="${playable ? 'group' : 'img'}" aria-label="Chapter scores per dimension"${playable ? markup` data-roving` : ''}>
${ticks}${axis}${lines}</svg>
<ul class="legend">${legend}</ul>`
}

const ROLES = [
  { role: 'host', field: 'hostSeconds', label: 'the hosts' },
  { role: 'guest', field: 'guestSeconds', label: 'the guest' },
  { role: 'other', field: 'otherSeconds', label: 'anyone else' },
] as const

/** Who speaks in each bin, stacked: hosts gold at the bottom, guests purple on them, others grey on top. */
export function balanceChartSvg(balance: SpeakingBalance): Markup {
  const { bins } = balance
  const plotH = BALANCE_HEIGHT - PAD.top - 22
  const band = PLOT_W / Math.max(1, bins.length)
  const length = (bin: { start: number; end: number }): number => Math.max(1, bin.end - bin.start)
  // Two people talking at once can fill more than the bin; the scale grows rather than clip the bar.
  const top = Math.max(1, ...bins.map((b) => (b.hostSeconds + b.guestSeconds + b.otherSeconds) / length(b)))
  const every = labelEvery(bins.length, 12)
  const columns = bins.map((bin, i) => {
    let base = PAD.top + plotH
    const bars = ROLES.map(({ role, field, label }) => {
      const seconds = bin[field]
      if (seconds <= 0) return ''
      const h = (plotH * seconds) / length(bin) / top
      base -= h
      return markup`<rect class="${role}" fill="${ROLE_COLORS[role]}" x="${n(PAD.left + band * i + band * 0.1)}" y="${n(base)}" width="${n(band * 0.8)}" height="${n(h)}"><title>${formatClock(bin.start)}–${formatClock(bin.end)}: ${label} ${formatClock(seconds)}</title></rect>`
    })
    const label =
      i % every === 0
        ? markup`<text class="${axisClass(i, every)}" x="${n(PAD.left + band * i + band / 2)}" y="${PAD.top + plotH}" dy="1.2em" text-anchor="middle">${formatClock(bin.start)}</text>`
        : ''
    return markup`<g>${bars}${label}</g>
`
  })
  return markup`<svg class="balance" viewBox="0 0 ${WIDTH} ${BALANCE_HEIGHT}" role="img" aria-label="Speaking balance in ${balance.binSeconds / 60} minute bins">
${columns}</svg>`
}
