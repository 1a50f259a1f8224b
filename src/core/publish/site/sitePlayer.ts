import type { EpisodeDocument } from '../../../shared/episodeFormat'
import { formatClock } from '../../../shared/time'
import { Markup, markup } from '../htmlMarkup'
import { publishedQuote } from '../publishedQuote'
import { PLAYER_SCRIPT } from './playerScript'
import type { SiteMedia } from './siteMedia'

/** A caption as the page's script reads it: start, end, speaker (or null) and text. */
export type SiteCue = [number, number, string | null, string]

/**
 * Text isolated from what a tooltip puts around it (U+2068 … U+2069): a title holding a right-to-left
 * override cannot reverse the times after it.
 */
const isolated = (text: string): string => `\u2068${text}\u2069`

/** Where on the timeline a time falls, as a percentage with three decimals (the page stays small). */
const percent = (seconds: number, duration: number): string =>
  `${Math.round((Math.min(Math.max(seconds, 0), duration) / duration) * 100_000) / 1000}%`

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end or bend it. */
export const inlineJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * The player: the media, play/pause, the time, and the timeline with a gold band per statement, the
 * chapter marks and the highlight markers, all placed by the markup so the timeline is drawn before any
 * script runs. Each row of the timeline is one stop in the tab order (the arrows move along it). On a
 * phone a band a few pixels wide cannot be tapped: the bands become a row of labelled buttons under the
 * timeline, which keeps their gold marks (drawn in the lane, for the eye only).
 */
export function sitePlayer(doc: EpisodeDocument, media: SiteMedia, hasCaptions: boolean): Markup {
  const duration = Math.max(doc.episode.durationSeconds, 0.001)
  const dimensions = new Map(doc.rubric.dimensions.map((d) => [d.key, d]))
  const widthOf = (start: number, end: number): string =>
    `${Math.round(Math.max(0, ((end - start) / duration) * 100) * 1000) / 1000}%`
  const bands = doc.statements.map((s, i) => {
    const name = s.title || `Statement at ${formatClock(s.start)}`
    const tip = `${isolated(name)} (${formatClock(s.start)}–${formatClock(s.end)})${s.quote ? `\n“${isolated(publishedQuote(s.quote))}”` : ''}`
    return markup`<button type="button" class="band" tabindex="${i === 0 ? 0 : -1}" data-t="${s.start}" data-tip="${tip}" aria-label="${name}" style="left:${percent(s.start, duration)};width:${widthOf(s.start, s.end)}"><span class="band-text"><bdi>${name}</bdi></span></button>`
  })
  const spanMarks = doc.statements.map(
    (s) =>
      markup`<span class="span-mark" style="left:${percent(s.start, duration)};width:${widthOf(s.start, s.end)}"></span>`,
  )
  const marks = doc.chapters.map(
    (c, i) =>
      markup`<span class="mark" style="left:${percent(c.start, duration)}" title="${c.title || `Chapter ${i + 1}`}"></span>`,
  )
  // Highlights at one moment are one marker naming each: two triangles drawn on one spot show as one,
  // and the one under the pointer would hide the other's title.
  const moments = new Map<number, typeof doc.highlights>()
  for (const h of doc.highlights) {
    const at = Math.round(h.time * 1000)
    moments.set(at, [...(moments.get(at) ?? []), h])
  }
  const markers = [...moments.values()].map((together, i) => {
    const time = together[0]?.time ?? 0
    const labelled = together.map((h) => {
      const d = dimensions.get(h.dimension)
      return { label: d?.highlightLabel || d?.label || h.dimension, title: h.title }
    })
    const name = labelled.map((h) => `${h.label} at ${formatClock(time)}: ${h.title}`).join('; ')
    const tip = labelled
      .map((h) => `${isolated(h.label)} at ${formatClock(time)}: ${isolated(h.title)}`)
      .join('\n')
    return markup`<button type="button" class="marker" tabindex="${i === 0 ? 0 : -1}" data-t="${time}" data-tip="${tip}" aria-label="${name}" style="left:${percent(time, duration)}"></button>`
  })
  const source = media.type
    ? markup`<source src="${media.src}" type="${media.type}">`
    : markup`<source src="${media.src}">`
  const element =
    media.kind === 'video'
      ? markup`<video id="media" preload="metadata" playsinline>${source}</video>`
      : markup`<audio id="media" preload="metadata">${source}</audio>`
  // Of fixed height while captions are on, so nothing moves as cues come and go. Over the video; under
  // the timeline for audio, so that turning captions on moves no control the pointer is on.
  const caption = markup`<div id="caption" class="caption" hidden><span id="caption-text"></span></div>`
  return markup`<section class="player ${media.kind}" aria-label="Player">
<div class="screen">${element}${media.kind === 'video' ? caption : ''}</div>
<div class="controls">
<button type="button" id="play" aria-label="Play">▶</button>
<span id="clock" class="clock">0:00 / ${formatClock(doc.episode.durationSeconds)}</span>
<span id="chapter-now" class="chapter-now"></span>
${hasCaptions ? markup`<button type="button" id="cc" aria-pressed="false">Captions</button>` : ''}
</div>
<div class="timeline">
<div class="lane" aria-hidden="true"><span id="progress" class="progress"></span>${spanMarks}${marks}</div>
<div class="bands" role="group" aria-label="Statements on the timeline" data-roving>${bands}</div>
${markers.length > 0 ? markup`<div class="markers" role="group" aria-label="Highlights on the timeline" data-roving>${markers}</div>` : ''}
<input type="range" id="seek" min="0" max="${duration}" step="any" value="0" aria-label="Seek">
</div>
${media.kind === 'video' ? '' : caption}
<p class="hint">Gold bands on the timeline are statements, start to end: hover or focus to read, click to jump.${hasCaptions ? ' Captions turns on the transcript.' : ''} Space plays and pauses, the arrows move 5 seconds.</p>
</section>`
}

/** The page's data and its script, after the content. */
export function siteTail(doc: EpisodeDocument, cues: SiteCue[]): Markup {
  const data = {
    duration: Math.max(doc.episode.durationSeconds, 0.001),
    chapters: doc.chapters.map((c, i) => [c.start, c.end, c.title || `Chapter ${i + 1}`]),
    cues,
  }
  return markup`<div id="tip" class="tip" role="tooltip" hidden></div>
<script type="application/json" id="site-data">${new Markup(inlineJson(data))}</script>
<script>${new Markup(PLAYER_SCRIPT)}</script>`
}

/**
 * The player's style: the gold bands, the marks, a caption box of fixed height (three lines, over the
 * video or under an audio player's timeline), and a phone's width, where the bands are a row of buttons
 * at least 44 px tall (a finger's target) under the lane.
 */
export const SITE_CSS = new Markup(`
.player { margin: 0.5rem 0 1.5rem; }
.screen { position: relative; background: #000; border-radius: 6px; overflow: hidden; }
.player.audio .screen { background: none; min-height: 0; }
video { display: block; width: 100%; max-height: 70vh; }
.caption { --lines: 3; position: absolute; left: 5%; right: 5%; bottom: 0.75rem; height: calc(var(--lines) * 1.4em + 0.6rem); overflow-y: auto; display: flex; flex-direction: column; justify-content: safe flex-end; align-items: center; text-align: center; font-size: 1.05rem; line-height: 1.4; pointer-events: none; }
.caption[hidden] { display: none; }
.caption span { color: #fff; background: rgba(0, 0, 0, 0.78); padding: 0.3rem 0.6rem; border-radius: 4px; box-decoration-break: clone; -webkit-box-decoration-break: clone; }
.caption span:empty { display: none; }
.player.audio .caption { position: static; left: auto; right: auto; margin: 0.6rem 0 0; padding: 0.3rem 0.6rem; background: #1d232a; border-radius: 4px; justify-content: safe center; }
.player.audio .caption span { background: none; padding: 0; }
@media (max-width: 40rem) { .caption { font-size: 0.9rem; bottom: 0.4rem; } }
.controls { display: flex; align-items: center; flex-wrap: wrap; gap: 0.5rem 0.75rem; margin: 0.6rem 0 0.4rem; }
.controls button { font: inherit; min-width: 2.75rem; min-height: 2.25rem; padding: 0.2rem 0.8rem; border: 1px solid #8a939c; border-radius: 999px; background: #fff; color: var(--ink); cursor: pointer; }
#cc[aria-pressed="true"] { background: var(--ink); color: #fff; border-color: var(--ink); }
.clock { font-variant-numeric: tabular-nums; }
.chapter-now { color: var(--muted); font-size: 0.9rem; flex: 1; min-width: 8rem; }
.timeline { position: relative; }
.lane { position: relative; height: 1.6rem; background: #eef0f2; border-radius: 4px; cursor: pointer; }
.progress { position: absolute; left: 0; top: 0; bottom: 0; width: 0; background: rgba(31, 95, 153, 0.18); pointer-events: none; }
.mark { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #5c6670; pointer-events: none; }
.span-mark { display: none; position: absolute; top: 0.3rem; height: 1rem; min-width: 2px; border-radius: 2px; background: var(--host); opacity: 0.85; pointer-events: none; }
.bands { position: absolute; left: 0; right: 0; top: 0.3rem; height: 1rem; pointer-events: none; }
.band { position: absolute; top: 0; height: 100%; min-width: 4px; padding: 0; border: 0; border-radius: 2px; background: var(--host); opacity: 0.85; cursor: pointer; pointer-events: auto; }
.band:hover, .band:focus-visible { opacity: 1; outline: 2px solid var(--ink); outline-offset: 1px; z-index: 1; }
.band-text { display: none; }
.markers { position: relative; height: 0.9rem; margin-top: 0.2rem; }
.marker { position: absolute; top: 0; width: 0.9rem; height: 0.9rem; margin-left: -0.45rem; padding: 0; border: 0; background: var(--guest); clip-path: polygon(50% 0, 100% 100%, 0 100%); cursor: pointer; }
#seek { width: 100%; margin: 0.3rem 0 0; accent-color: #1f5f99; }
.tip { position: absolute; z-index: 10; max-width: min(26rem, 92vw); padding: 0.5rem 0.7rem; background: #1d232a; color: #fff; border-radius: 6px; font-size: 0.9rem; white-space: pre-line; pointer-events: none; }
@media (max-width: 40rem) {
  .span-mark { display: block; }
  .bands { position: static; display: flex; gap: 0.4rem; height: auto; margin: 0.4rem 0 0; padding: 3px 3px 6px; overflow-x: auto; pointer-events: auto; }
  .band { position: static; flex: none; left: auto !important; width: auto !important; height: auto; min-height: 2.75rem; max-width: 16rem; padding: 0 0.8rem; border: 2px solid var(--host); border-radius: 999px; background: #fff; color: var(--ink); font: inherit; font-size: 0.9rem; opacity: 1; }
  .band-text { display: block; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
}
`)
