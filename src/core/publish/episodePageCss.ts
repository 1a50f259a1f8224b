import { ROLE_COLORS } from '../../shared/chartColors'
import { Markup } from './htmlMarkup'

/** The page's whole style sheet, inline: a published page loads nothing from anywhere. */
export const EPISODE_PAGE_CSS = new Markup(`
:root { color-scheme: light; --ink: #1d232a; --muted: #5c6670; --rule: #dde1e5; --host: ${ROLE_COLORS.host}; --guest: ${ROLE_COLORS.guest}; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 2rem 1.25rem 4rem; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
header .meta, .hint, .time, .speaker { color: var(--muted); font-size: 0.9rem; }
h1 { font-size: 1.8rem; line-height: 1.25; margin: 0.25rem 0 0.75rem; }
h2 { font-size: 1.25rem; margin: 2.5rem 0 0.5rem; }
h3 { font-size: 1rem; margin: 0 0 0.25rem; }
a.watch { display: inline-block; margin: 0.25rem 0 1rem; padding: 0.35rem 0.8rem; border-radius: 999px; background: #c4302b; color: #fff; text-decoration: none; font-weight: 600; }
.summary { font-size: 1.05rem; }
.averages { display: flex; flex-wrap: wrap; gap: 0.35rem 1.25rem; margin: 0.75rem 0; padding: 0; list-style: none; }
.averages b { font-variant-numeric: tabular-nums; margin-left: 0.3rem; }
svg { display: block; width: 100%; height: auto; overflow: visible; }
svg text { font-size: 11px; fill: var(--muted); stroke: none; }
svg .tick line { stroke: var(--rule); }
svg .series polyline { stroke-width: 2; }
svg circle { stroke: #fff; stroke-width: 1.5; cursor: help; }
svg circle:hover { r: 7; }
svg rect:hover { opacity: 0.8; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.25rem 0 0; padding: 0; list-style: none; font-size: 0.9rem; }
.swatch { display: inline-block; width: 0.8rem; height: 0.8rem; border-radius: 2px; margin-right: 0.35rem; vertical-align: -0.1rem; }
.swatch.host { background: var(--host); }
.swatch.guest { background: var(--guest); }
figure { margin: 1.5rem 0; }
figcaption { color: var(--muted); font-size: 0.9rem; }
.highlights { list-style: none; padding: 0; }
.highlights li { margin: 0 0 1rem; }
.highlights .label { font-weight: 600; }
.highlights .time, .statements .time { font-variant-numeric: tabular-nums; margin: 0 0.4rem; }
table { width: 100%; border-collapse: collapse; font-size: 0.92rem; }
th, td { text-align: left; vertical-align: top; padding: 0.45rem 0.5rem; border-bottom: 1px solid var(--rule); }
td.score { text-align: center; font-variant-numeric: tabular-nums; cursor: help; }
.statements { list-style: none; padding: 0; }
.statements li { margin: 0 0 1.25rem; }
svg .unseen { font-size: 0; }
.evidence { font-size: 0.8rem; color: var(--muted); margin-top: 0.2rem; }
.evidence .time { font-size: 0.8rem; }
.table-scroll { overflow-x: auto; }
button.play { font: inherit; font-size: 0.9rem; color: #1f5f99; background: none; border: 0; padding: 0.1rem 0.2rem; margin: 0 0.2rem; cursor: pointer; text-decoration: underline; text-underline-offset: 0.15em; font-variant-numeric: tabular-nums; }
button.play:hover { color: #143f66; }
:focus-visible { outline: 2px solid #1f5f99; outline-offset: 2px; }
.rubric { list-style: none; padding: 0; }
.rubric li { margin: 0.75rem 0 0; }
.rubric p { margin: 0.15rem 0 0; }
.rubric dl.levels { display: grid; grid-template-columns: max-content 1fr; gap: 0 0.6rem; margin: 0.25rem 0 0; }
.rubric dl.levels dt { font-variant-numeric: tabular-nums; font-weight: 600; }
.rubric dl.levels dd { margin: 0; }
@media (max-width: 40rem) { body { padding: 1rem 0.75rem 3rem; } h1 { font-size: 1.4rem; } table { font-size: 0.85rem; } }
/* The charts are drawn 720 units wide and shrink with the page: their labels grow as it narrows, so
   that they stay at least 12 px high, and on a phone every other axis label is left out. */
@media (max-width: 52rem) { svg text { font-size: 16px; } }
@media (max-width: 40rem) {
  svg text { font-size: 26px; }
  svg .narrow-hide { display: none; }
  svg.scores { margin-bottom: 1.5rem; }
  svg.balance { margin-bottom: 0.5rem; }
}
/* On a phone the chapter table is a card per chapter: the score columns would need twice its width. */
@media (max-width: 40rem) {
  table.chapters, table.chapters tbody, table.chapters tr, table.chapters td { display: block; }
  table.chapters thead { display: none; }
  table.chapters tr { margin: 0 0 0.75rem; padding: 0.5rem 0.75rem; border: 1px solid var(--rule); border-radius: 6px; }
  table.chapters td { padding: 0.2rem 0; border: 0; }
  table.chapters td.score { display: flex; flex-wrap: wrap; gap: 0 0.75rem; text-align: left; }
  table.chapters td.score::before { content: attr(data-label); flex: 1; color: var(--muted); }
  table.chapters td.score .evidence { flex-basis: 100%; }
  table.chapters td.why::before { content: "Why: "; font-weight: 600; }
}
blockquote { margin: 0.25rem 0; padding-left: 0.9rem; border-left: 3px solid var(--host); font-style: italic; }
`)
