const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
  quot: '"',
  apos: "'",
}

/** Cue text as a reader sees it: tags removed, entities decoded, whitespace runs collapsed. */
export function plainCueText(raw: string): string {
  return raw
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
      }
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** The annotation of the first `<v Name>` voice span, if the cue has one. */
export function voiceOf(raw: string): string | null {
  const match = /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/.exec(raw)
  return match ? plainCueText(match[1] ?? '') || null : null
}
