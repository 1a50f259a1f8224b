import type { EpisodeDocument } from '../../shared/episodeFormat'
import { formatAverage } from '../../shared/scoreChart'
import { SOURCE_URL_PATTERN } from '../../shared/sourceUrl'
import { formatClock } from '../../shared/time'
import { EPISODE_PAGE_CSS } from './episodePageCss'
import { balanceChartSvg, scoreChartSvg } from './htmlCharts'
import { markup, type Markup } from './htmlMarkup'

/**
 * Nothing may load or run: not a script that slipped past escaping, not an image from a tracker. Styles
 * are inline (the page's own sheet and the legend's swatches).
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** "May 9, 2025", the same wherever the page is made (no locale, no time zone). */
function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  return `${MONTHS[(month ?? 1) - 1] ?? ''} ${day ?? ''}, ${year ?? ''}`
}

/** "17m", or "1h 5m" from an hour: the length as the published page gives it. */
function formatLength(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60))
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}

/** The link to the episode itself, only when it is a web address (a loaded file may hold anything). */
function watchLink(sourceUrl: string | null): Markup | '' {
  if (sourceUrl === null || !SOURCE_URL_PATTERN.test(sourceUrl) || !URL.canParse(sourceUrl)) return ''
  const host = new URL(sourceUrl).hostname.replace(/^www\./, '')
  const where = /(^|\.)(youtube\.com|youtu\.be)$/.test(host) ? 'YouTube' : host
  return markup`<a class="watch" href="${sourceUrl}" rel="noopener noreferrer">▶ Watch on ${where} →</a>`
}

/** The averages, the score chart, the speaking balance and the highlights: how the conversation went. */
function howItWent(doc: EpisodeDocument): Markup {
  const { rubric, chapters, speakingBalance } = doc
  const { dimensions } = rubric
  const count = COUNTS[dimensions.length] ?? String(dimensions.length)
  const averages = dimensions.map(
    (d) => markup`<li>${d.label} <b>${formatAverage(doc.scoreSummary[d.key])}</b></li>`,
  )
  const balance = speakingBalance
    ? markup`<figure>
${balanceChartSvg(speakingBalance)}
<figcaption>speaking balance: <i class="swatch host"></i>gold is the hosts, <i class="swatch guest"></i>purple is the guest (${speakingBalance.binSeconds / 60} minute bins)</figcaption>
</figure>`
    : ''
  const highlights = doc.highlights.map((h) => {
    const d = dimensions.find((x) => x.key === h.dimension)
    const description = h.description ? markup`<div>${h.description}</div>` : ''
    return markup`<li><span class="label">${d?.highlightLabel || d?.label || h.dimension}</span> <span class="time">▶ ${formatClock(h.time)}</span> <b>${h.title}</b>${description}</li>
`
  })
  return markup`<section aria-labelledby="went">
<h2 id="went">How this conversation actually went</h2>
<p class="hint">Every chapter scored ${rubric.scale.min}–${rubric.scale.max} on ${count} independent ${dimensions.length === 1 ? 'dynamic' : 'dynamics'}. Hover any point for the reasoning behind the score.</p>
<ul class="averages" aria-label="Average score per dimension">${averages}</ul>
${chapters.length > 0 ? scoreChartSvg(doc) : markup`<p class="hint">No chapters yet.</p>`}
${balance}
${
  highlights.length > 0
    ? markup`<ul class="highlights">
${highlights}</ul>`
    : ''
}
</section>`
}

/** The chapter table: each chapter's scores (reasoning on hover) and why. */
function chapterTable(doc: EpisodeDocument): Markup {
  const { dimensions } = doc.rubric
  const rows = doc.chapters.map((c, i) => {
    const scores = dimensions.map((d) => {
      const score = c.scores[d.key]
      const value = score?.value ?? null
      return markup`<td class="score" title="${score?.reasoning || 'No reasoning given.'}">${value === null ? '—' : value}</td>`
    })
    return markup`<tr><td><b>${c.title || `Chapter ${i + 1}`}</b><div class="time">${formatClock(c.start)}–${formatClock(c.end)}</div></td>${scores}<td>${c.why}</td></tr>
`
  })
  return markup`<section aria-labelledby="scores">
<h2 id="scores">The scores for every segment, with the reasoning behind each</h2>
<table>
<thead><tr><th>Chapter</th>${dimensions.map((d) => markup`<th>${d.label}</th>`)}<th>Why</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</section>`
}

function statementList(doc: EpisodeDocument): Markup {
  const speakers = new Map(doc.participants.map((p) => [p.id, p.name]))
  const items = doc.statements.map((s) => {
    const speaker = s.speakerId === null ? undefined : speakers.get(s.speakerId)
    const quote = s.quote ? markup`<blockquote>“${s.quote}”</blockquote>` : ''
    return markup`<li><h3>${s.title}</h3>${quote}<span class="time">▶ ${formatClock(s.start)}–${formatClock(s.end)}</span>${speaker ? markup` <span class="speaker">${speaker}</span>` : ''}</li>
`
  })
  return markup`<section aria-labelledby="statements">
<h2 id="statements">Statements from this episode (${doc.statements.length})</h2>
<ul class="statements">
${items}</ul>
</section>`
}

/**
 * The analysis as one self-contained web page, the published page's parts in its order: the episode,
 * the averages and the score chart (reasoning on hover), the speaking balance, the highlights, the
 * chapter table and the statements. No script, no request: charts are inline SVG, hover is `<title>`.
 */
export function writeEpisodePage(doc: EpisodeDocument): string {
  const { episode } = doc
  const meta = [episode.publishedOn && formatDate(episode.publishedOn), formatLength(episode.durationSeconds)]
  if (episode.show) meta.push(episode.show)
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="${doc.generator}">
<title>${episode.title}</title>
<style>${EPISODE_PAGE_CSS}</style>
</head>
<body>
<header>
<p class="meta">${meta.filter(Boolean).join(' · ')}</p>
<h1>${episode.title}</h1>
${watchLink(episode.sourceUrl)}
${episode.summary ? markup`<p class="summary">${episode.summary}</p>` : ''}
</header>
<main>
${howItWent(doc)}
${chapterTable(doc)}
${statementList(doc)}
</main>
</body>
</html>
`.text
}
