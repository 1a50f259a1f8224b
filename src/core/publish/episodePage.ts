import type { EpisodeDocument } from '../../shared/episodeFormat'
import { SOURCE_URL_PATTERN } from '../../shared/sourceUrl'
import { EPISODE_PAGE_CSS } from './episodePageCss'
import { markup, type Markup } from './htmlMarkup'
import { chapterTable, howItWent, rubricSection, statementList } from './pageSections'

/**
 * Nothing may load or run: not a script that slipped past escaping, not an image from a tracker. Styles
 * are inline (the page's own sheet and the legend's swatches).
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

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

/** What the interactive page adds to the static one. */
export interface PageExtras {
  contentSecurityPolicy: string
  /** The player, under the episode's title. */
  player: Markup
  /** After the content: the page's data and its script. */
  tail: Markup
  css: Markup
}

/**
 * The analysis as a web page, the published page's parts in its order: the episode, the averages and
 * the score chart (reasoning on hover), the speaking balance, the highlights, the chapter table, the
 * statements and how it is scored. Without extras it is the static page: no script, no request (charts
 * are inline SVG, hover is `<title>`); with them, the site's page with its player.
 */
export function episodePageHtml(doc: EpisodeDocument, extras?: PageExtras): string {
  const { episode } = doc
  const playable = extras !== undefined
  const meta = [episode.publishedOn && formatDate(episode.publishedOn), formatLength(episode.durationSeconds)]
  if (episode.show) meta.push(episode.show)
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${extras?.contentSecurityPolicy ?? CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="${doc.generator}">
<title>${episode.title}</title>
<style>${EPISODE_PAGE_CSS}${extras?.css ?? ''}</style>
</head>
<body>
<header>
<p class="meta">${meta.filter(Boolean).join(' · ')}</p>
<h1>${episode.title}</h1>
${watchLink(episode.sourceUrl)}
</header>
<main>
${extras?.player ?? ''}
${episode.summary ? markup`<p class="summary">${episode.summary}</p>` : ''}
${howItWent(doc, playable)}
${chapterTable(doc, playable)}
${statementList(doc, playable)}
${rubricSection(doc)}
</main>
${extras?.tail ?? ''}
</body>
</html>
`.text
}

/** The static page (`--format html`): one self-contained file, nothing loaded, nothing run. */
export const writeEpisodePage = (doc: EpisodeDocument): string => episodePageHtml(doc)
