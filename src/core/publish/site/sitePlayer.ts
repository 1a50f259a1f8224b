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
 * script runs. Each row of the timeline is one stop in the tab order (the arrows move along it).
 */
export function sitePlayer(doc: EpisodeDocument, media: SiteMedia, hasCaptions: boolean): Markup {
  const duration = Math.max(doc.episode.durationSeconds, 0.001)
  const dimensions = new Map(doc.rubric.dimensions.map((d) => [d.key, d]))
  const bands = doc.statements.map((s, i) => {
    const name = s.title || `Statement at ${formatClock(s.start)}`
    const tip = `${isolated(name)} (${formatClock(s.start)}–${formatClock(s.end)})${s.quote ? `\n“${isolated(publishedQuote(s.quote))}”` : ''}`
    const width = Math.max(0, ((s.end - s.start) / duration) * 100)
    return markup`<button type="button" class="band" tabindex="${i === 0 ? 0 : -1}" data-t="${s.start}" data-tip="${tip}" aria-label="${name}" style="left:${percent(s.start, duration)};width:${Math.round(width * 1000) / 1000}%"></button>`
  })
  const marks = doc.chapters.map(
    (c, i) =>
      markup`<span class="mark" style="left:${percent(c.start, duration)}" title="${c.title || `Chapter ${i + 1}`}"></span>`,
  )
  const markers = doc.highlights.map((h, i) => {
    const d = dimensions.get(h.dimension)
    const label = d?.highlightLabel || d?.label || h.dimension
    const name = `${label} at ${formatClock(h.time)}: ${h.title}`
    const tip = `${isolated(label)} at ${formatClock(h.time)}: ${isolated(h.title)}`
    return markup`<button type="button" class="marker" tabindex="${i === 0 ? 0 : -1}" data-t="${h.time}" data-tip="${tip}" aria-label="${name}" style="left:${percent(h.time, duration)}"></button>`
  })
  const source = media.type
    ? markup`<source src="${media.src}" type="${media.type}">`
    : markup`<source src="${media.src}">`
  const element =
    media.kind === 'video'
      ? markup`<video id="media" preload="metadata" playsinline>${source}</video>`
      : markup`<audio id="media" preload="metadata">${source}</audio>`
  return markup`<section class="player ${media.kind}" aria-label="Player">
<div class="screen">${element}<div id="caption" class="caption" hidden></div></div>
<div class="controls">
<button type="button" id="play" aria-label="Play">▶</button>
<span id="clock" class="clock">0:00 / ${formatClock(doc.episode.durationSeconds)}</span>
<span id="chapter-now" class="chapter-now"></span>
${hasCaptions ? markup`<button type="button" id="cc" aria-pressed="false">Captions</button>` : ''}
</div>
<div class="timeline">
<div class="lane" aria-hidden="true"><span id="progress" class="progress"></span>${marks}</div>
<div class="bands" role="group" aria-label="Statements on the timeline" data-roving>${bands}</div>
${markers.length > 0 ? markup`<div class="markers" role="group" aria-label="Highlights on the timeline" data-roving>${markers}</div>` : ''}
<input type="range" id="seek" min="0" max="${duration}" step="any" value="0" aria-label="Seek">
</div>
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

/** The player's style: the gold bands, the marks, a caption over the video, a phone's width. */
export const SITE_CSS = new Markup(`
.player { margin: 0.5rem 0 1.5rem; }
.screen { position: relative; background: #000; border-radius: 6px; overflow: hidden; }
.player.audio .screen { background: none; min-height: 0; }
video { display: block; width: 100%; max-height: 70vh; }
.caption { position: absolute; left: 50%; transform: translateX(-50%); width: max-content; max-width: 90%; bottom: 0.75rem; text-align: center; color: #fff; background: rgba(0, 0, 0, 0.78); padding: 0.3rem 0.6rem; border-radius: 4px; font-size: 1.05rem; }
.player.audio .caption { position: static; transform: none; width: auto; max-width: none; margin: 0.5rem 0; background: #1d232a; }
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
.bands { position: absolute; left: 0; right: 0; top: 0.3rem; height: 1rem; pointer-events: none; }
.band { position: absolute; top: 0; height: 100%; min-width: 4px; padding: 0; border: 0; border-radius: 2px; background: var(--host); opacity: 0.85; cursor: pointer; pointer-events: auto; }
.band:hover, .band:focus-visible { opacity: 1; outline: 2px solid var(--ink); outline-offset: 1px; z-index: 1; }
.markers { position: relative; height: 0.9rem; margin-top: 0.2rem; }
.marker { position: absolute; top: 0; width: 0.9rem; height: 0.9rem; margin-left: -0.45rem; padding: 0; border: 0; background: var(--guest); clip-path: polygon(50% 0, 100% 100%, 0 100%); cursor: pointer; }
#seek { width: 100%; margin: 0.3rem 0 0; accent-color: #1f5f99; }
.tip { position: absolute; z-index: 10; max-width: min(26rem, 92vw); padding: 0.5rem 0.7rem; background: #1d232a; color: #fff; border-radius: 6px; font-size: 0.9rem; white-space: pre-line; pointer-events: none; }
`)
