/** What the contract's request paths name, in the editor's words. */
const FIELDS: Record<string, string> = {
  title: 'The title',
  quote: 'The quote',
  why: 'The why',
  reasoning: 'The reasoning',
  name: 'The name',
  label: 'The label',
  affiliation: 'The affiliation',
  description: 'The description',
  highlightLabel: 'The highlight label',
  summary: 'The summary',
  show: 'The show',
  sourceUrl: 'The source URL',
  publishedOn: 'The date',
  text: 'The text',
  start: 'The start',
  end: 'The end',
  at: 'The time',
  time: 'The time',
  value: 'The score',
}

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A refusal as the editor reads it: the door answers `/patch/title: can be at most 500 characters`
 * (a request path, for scripts); the editor sees "The title can be at most 500 characters".
 */
export function refusalInWords(message: string): string {
  return message
    .split('; ')
    .map((part) => {
      const match = /^(\/[^:]*): (.*)$/s.exec(part)
      if (!match) return part
      const [, path = '', problem = ''] = match
      const field = path
        .split('/')
        .filter((p) => p !== '' && !/^\d+$/.test(p))
        .at(-1)
      const name = field === undefined ? undefined : FIELDS[field]
      return name && /^(can|must|is|has|needs) /.test(problem) ? `${name} ${problem}` : sentence(problem)
    })
    .join('; ')
}
