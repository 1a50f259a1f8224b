/*
 * Words put in quotation marks in written text (a reasoning, a why, a description, the summary) and
 * whether they were said: quotation marks mean verbatim, so each quoted passage of four words or more
 * must be found, word for word, in what the transcript says in the right stretch of time.
 */
import { firstIndex } from './firstIndex'

/** A passage shorter than this is a term or a title in quotes, not a claim about what was said. */
export const QUOTED_MIN_WORDS = 4

// Scripts written without spaces: each character is a word, so a quote of four characters is checked.
const CHARACTER_WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u
const APOSTROPHES = /['’‘ʼ`]/g

/**
 * Words as the check compares them: NFKC, lower case, apostrophes dropped (`don't` is `dont`), any
 * other punctuation splitting words; each Han, Hiragana and Katakana character a word of its own.
 */
export function checkedWords(text: string): string[] {
  const words: string[] = []
  let current = ''
  for (const char of text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, '')) {
    if (CHARACTER_WORD.test(char)) {
      if (current) words.push(current)
      current = ''
      words.push(char)
    } else if (WORD_CHAR.test(char)) current += char
    else if (current) {
      words.push(current)
      current = ''
    }
  }
  if (current) words.push(current)
  return words
}

/** A passage in quotation marks: as written, and its words in parts (an ellipsis stands for words left out). */
export interface QuotedPassage {
  text: string
  parts: string[][]
}

const CLOSER: Record<string, string> = { '"': '"', '“': '”' }

/**
 * The passages of `text` in double quotation marks (`"…"` or `“…”`), paired left to right, of four words
 * or more. A mark without its pair is ignored. Linear in the text, however many marks it holds.
 */
export function quotedPassages(text: string): QuotedPassage[] {
  // Where the next closing mark of each kind is, from every position: one pass from the end.
  const nextStraight = new Int32Array(text.length + 1).fill(-1)
  const nextCurly = new Int32Array(text.length + 1).fill(-1)
  for (let i = text.length - 1; i >= 0; i--) {
    nextStraight[i] = text[i] === '"' ? i : (nextStraight[i + 1] ?? -1)
    nextCurly[i] = text[i] === '”' ? i : (nextCurly[i + 1] ?? -1)
  }
  const passages: QuotedPassage[] = []
  let i = 0
  while (i < text.length) {
    const mark = text[i] ?? ''
    const closer = CLOSER[mark]
    if (closer === undefined) {
      i++
      continue
    }
    const end = (closer === '"' ? nextStraight : nextCurly)[i + 1] ?? -1
    if (end < 0) {
      i++
      continue
    }
    const inner = text.slice(i + 1, end)
    const parts = inner
      .split(/\.\.\.|…/)
      .map(checkedWords)
      .filter((p) => p.length > 0)
    if (parts.reduce((n, p) => n + p.length, 0) >= QUOTED_MIN_WORDS)
      passages.push({ text: inner.trim(), parts })
    i = end + 1
  }
  return passages
}

/** A word of the transcript as said: its text (one or more checked words) and when. */
export interface SpokenWord {
  text: string
  start: number
  end: number
}

/**
 * The transcript's words in the order said, indexed by word: finding a passage looks only where its
 * first word was said, not along the whole transcript.
 */
export class SaidWords {
  private readonly words: string[] = []
  private readonly middles: number[] = []
  private readonly at = new Map<string, number[]>()

  constructor(spoken: readonly SpokenWord[]) {
    const inOrder = [...spoken].sort((a, b) => a.start - b.start || a.end - b.end)
    for (const w of inOrder)
      for (const word of checkedWords(w.text)) {
        let list = this.at.get(word)
        if (!list) this.at.set(word, (list = []))
        list.push(this.words.length)
        this.words.push(word)
        this.middles.push((w.start + w.end) / 2)
      }
  }

  get size(): number {
    return this.words.length
  }

  /** The first index whose word's middle is at or after `time`. */
  private indexAt(time: number): number {
    return firstIndex(this.middles.length, (i) => (this.middles[i] ?? 0) < time)
  }

  /** The first place at or after `from` (and before `to`) where `words` are said one after another. */
  private find(words: readonly string[], from: number, to: number): number {
    const first = words[0]
    const places = first === undefined ? undefined : this.at.get(first)
    if (!places) return -1
    for (let k = firstIndex(places.length, (i) => (places[i] ?? 0) < from); k < places.length; k++) {
      const start = places[k] ?? 0
      if (start + words.length > to) return -1
      let same = true
      for (let w = 1; w < words.length && same; w++) same = this.words[start + w] === words[w]
      if (same) return start
    }
    return -1
  }

  /**
   * Whether a passage was said between `from` and `to` (seconds; each word's middle within them): its
   * parts in order, each word for word. Null bounds: anywhere.
   */
  says(passage: QuotedPassage, from: number | null = null, to: number | null = null): boolean {
    let cursor = from === null ? 0 : this.indexAt(from)
    const limit = to === null ? this.words.length : this.indexAt(to)
    for (const part of passage.parts) {
      const found = this.find(part, cursor, limit)
      if (found < 0) return false
      cursor = found + part.length
    }
    return true
  }
}
