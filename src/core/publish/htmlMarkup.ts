/** Markup already made safe: the only thing the `markup` template puts in a page without escaping. */
export class Markup {
  constructor(readonly text: string) {}
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for element content and for quoted attribute values alike. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

type Part = Markup | string | number | null | undefined | false | readonly Part[]

function render(part: Part): string {
  if (part instanceof Markup) return part.text
  if (Array.isArray(part)) return part.map(render).join('')
  if (part === null || part === undefined || part === false) return ''
  return escapeHtml(String(part))
}

/**
 * Builds markup from a template whose every interpolated value is escaped unless it is Markup made by
 * this same function. The episode's text comes from people and machines alike; escaping by default
 * means forgetting to escape cannot put their `<script>` in the page. (Not named `html`: Prettier
 * would reformat such templates as HTML, changing the whitespace inside the charts' tooltips.)
 */
export function markup(strings: TemplateStringsArray, ...values: Part[]): Markup {
  let text = strings[0] ?? ''
  values.forEach((value, i) => {
    text += render(value) + (strings[i + 1] ?? '')
  })
  return new Markup(text)
}
