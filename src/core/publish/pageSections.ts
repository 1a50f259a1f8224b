import type { EpisodeDocument, EvidenceItem, SpeakingBalance } from '../../shared/episodeFormat'
import { evidenceMoments } from './evidenceMoments'
import { formatAverage } from '../../shared/scoreChart'
import { formatClock } from '../../shared/time'
import { balanceChartSvg, scoreChartSvg } from './htmlCharts'
import { markup, type Markup } from './htmlMarkup'
import { publishedQuote } from './publishedQuote'

const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/**
 * A time a reader can play from on the interactive page (a button the page's script answers), and
 * plain text on the static page, which has no player.
 */
export function playableTime(playable: boolean, seconds: number, text: string, arrow = false): Markup {
  // The name holds the words shown ("Play 2:10–2:40"), as a reader who says what they see expects.
  return playable
    ? markup`<button type="button" class="time play" data-t="${seconds}" aria-label="Play ${text}">${arrow ? markup`<span aria-hidden="true">▶ </span>` : ''}${text}</button>`
    : markup`<span class="time">${arrow ? '▶ ' : ''}${text}</span>`
}

/** The evidence of a text: its moments as times (buttons that play them on the interactive page). */
function evidenceLine(
  doc: EpisodeDocument,
  items: readonly EvidenceItem[] | undefined,
  playable: boolean,
): Markup | '' {
  const moments = evidenceMoments(doc, items)
  if (moments.length === 0) return ''
  const times = moments.map((m, i) => {
    const time = playableTime(playable, m.start, m.text)
    return markup`${i > 0 ? ' ' : ''}${m.note ? markup`<span title="${m.note}">${time}</span>` : time}`
  })
  return markup`<div class="evidence">evidence ${times}</div>`
}

const ROLE_LEGEND = [
  { role: 'host', field: 'hostSeconds', words: 'gold is the hosts' },
  { role: 'guest', field: 'guestSeconds', words: 'purple is the guest' },
  { role: 'other', field: 'otherSeconds', words: 'grey is anyone else' },
] as const

/** The legend names only the colours drawn: a page whose speakers are unmapped claims no hosts. */
function balanceLegend(balance: SpeakingBalance): Markup[] {
  const used = ROLE_LEGEND.filter(({ field }) => balance.bins.some((b) => b[field] > 0))
  return used.map(({ role, words }, i) => markup`${i > 0 ? ', ' : ''}<i class="swatch ${role}"></i>${words}`)
}

/** The averages, the score chart, the speaking balance and the highlights: how the conversation went. */
export function howItWent(doc: EpisodeDocument, playable: boolean): Markup {
  const { rubric, chapters, speakingBalance } = doc
  const { dimensions } = rubric
  const count = COUNTS[dimensions.length] ?? String(dimensions.length)
  const averages = dimensions.map(
    (d) => markup`<li>${d.label} <b>${formatAverage(doc.scoreSummary[d.key])}</b></li>`,
  )
  const legend = speakingBalance ? balanceLegend(speakingBalance) : []
  const balance =
    speakingBalance && legend.length > 0
      ? markup`<figure>
${balanceChartSvg(speakingBalance)}
<figcaption>speaking balance: ${legend} (${speakingBalance.binSeconds / 60} minute bins)</figcaption>
</figure>`
      : ''
  const highlights = doc.highlights.map((h) => {
    const d = dimensions.find((x) => x.key === h.dimension)
    const description = h.description ? markup`<div>${h.description}</div>` : ''
    const evidence = evidenceLine(doc, h.evidence, playable)
    return markup`<li><span class="label">${d?.highlightLabel || d?.label || h.dimension}</span> ${playableTime(playable, h.time, formatClock(h.time), true)} <b>${h.title}</b>${description}${evidence}</li>
`
  })
  const hover = playable
    ? 'Hover or focus any point for the reasoning behind the score; click it to play the chapter.'
    : 'Hover any point for the reasoning behind the score.'
  return markup`<section aria-labelledby="went">
<h2 id="went">How this conversation actually went</h2>
<p class="hint">Every chapter scored ${rubric.scale.min}–${rubric.scale.max} on ${count} independent ${dimensions.length === 1 ? 'dynamic' : 'dynamics'}. ${hover} <a href="#how-scored">How this is scored →</a></p>
<ul class="averages" aria-label="Average score per dimension">${averages}</ul>
${chapters.length > 0 ? scoreChartSvg(doc, playable) : markup`<p class="hint">No chapters yet.</p>`}
${balance}
${
  highlights.length > 0
    ? markup`<ul class="highlights" aria-label="Highlights">
${highlights}</ul>`
    : ''
}
</section>`
}

/** The chapter table: each chapter's scores (reasoning on hover) and why. */
export function chapterTable(doc: EpisodeDocument, playable: boolean): Markup {
  const { dimensions } = doc.rubric
  const rows = doc.chapters.map((c, i) => {
    const scores = dimensions.map((d) => {
      const score = c.scores[d.key]
      const value = score?.value ?? null
      return markup`<td class="score" data-label="${d.label}" title="${score?.reasoning || 'No reasoning given.'}">${value === null ? '—' : value}${evidenceLine(doc, score?.evidence, playable)}</td>`
    })
    return markup`<tr><td><b>${c.title || `Chapter ${i + 1}`}</b><div>${playableTime(playable, c.start, `${formatClock(c.start)}–${formatClock(c.end)}`)}</div></td>${scores}<td class="why">${c.why}${evidenceLine(doc, c.evidence, playable)}</td></tr>
`
  })
  return markup`<section aria-labelledby="scores">
<h2 id="scores">The scores for every segment, with the reasoning behind each</h2>
<div class="table-scroll" tabindex="0" role="region" aria-labelledby="scores">
<table class="chapters">
<thead><tr><th>Chapter</th>${dimensions.map((d) => markup`<th>${d.label}</th>`)}<th>Why</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</div>
</section>`
}

export function statementList(doc: EpisodeDocument, playable: boolean): Markup {
  const speakers = new Map(doc.participants.map((p) => [p.id, p.name]))
  const items = doc.statements.map((s) => {
    const speaker = s.speakerId === null ? undefined : speakers.get(s.speakerId)
    const quote = s.quote ? markup`<blockquote>“<bdi>${publishedQuote(s.quote)}</bdi>”</blockquote>` : ''
    const title = s.title || `Statement at ${formatClock(s.start)}`
    return markup`<li><h3>${title}</h3>${quote}${playableTime(playable, s.start, `${formatClock(s.start)}–${formatClock(s.end)}`, true)}${speaker ? markup` <span class="speaker">${speaker}</span>` : ''}</li>
`
  })
  return markup`<section aria-labelledby="statements">
<h2 id="statements">Statements from this episode (${doc.statements.length})</h2>
<ul class="statements">
${items}</ul>
</section>`
}

/**
 * What each score (or band of scores) looks like, from the codebook version the episode was scored under.
 * Only the descriptors: the codebook's anchor clips are the desk's own, never on the page.
 */
function levelList(levels: EpisodeDocument['rubric']['dimensions'][number]['levels']): Markup | '' {
  if (!levels || levels.length === 0) return ''
  const rows = levels.map(
    (l) => markup`<dt>${l.from === l.to ? `${l.from}` : `${l.from}–${l.to}`}</dt><dd>${l.text}</dd>`,
  )
  return markup`<dl class="levels">${rows}</dl>`
}

/**
 * "How this is scored": the rubric as the reader needs it to trust a number. What a dimension does not
 * have is left out, not stood in for ("No description given." under every dimension of a seed rubric
 * said nothing four times); Problems warns the editor of the missing descriptions instead.
 */
export function rubricSection(doc: EpisodeDocument): Markup {
  const { scale, dimensions, codebook } = doc.rubric
  const items = dimensions.map((d) => {
    const description = d.description.trim()
    return markup`<li><h3>${d.label}</h3>${description ? markup`<p>${description}</p>` : ''}${levelList(d.levels)}${d.highlightLabel.trim() ? markup`<p class="hint">Its highlight: ${d.highlightLabel}</p>` : ''}</li>
`
  })
  // The codebook version the episode was scored under names where the definitions and levels come from.
  const source = codebook
    ? markup`
<p class="hint">From ${codebook.show}’s codebook, version ${codebook.version}: the one these scores were given under.</p>`
    : ''
  return markup`<section aria-labelledby="how-scored-heading" id="how-scored">
<h2 id="how-scored-heading">How this is scored</h2>
<p>Each chapter is scored on every dimension below, from ${scale.min} (none of it) to ${scale.max} (the most of it), with the reasoning behind each score written beside it. The averages are over the chapters scored.</p>${source}
<ul class="rubric">
${items}</ul>
</section>`
}
