import { speakerPrefixCandidate, splitSpeakerPrefix } from './cueText'
import { TranscriptError, splitLines, type ParsedSegment, type ParsedTranscript } from './parsedTranscript'

/** Speaking rate assumed when nothing in the file or the call says how long the text lasts. */
const WORDS_PER_SECOND = 150 / 60

// [1:02:03], [02:03], (02:03.5); hours need minutes and seconds below 60.
const BRACKETED = /^[[(](\d{1,2}:)?(\d{1,3}):(\d{2}(?:[.,]\d+)?)[\])]/
// Bare stamps must have three fields so that "10:30 is when we met" stays text.
const BARE = /^(\d{1,2}:)(\d{2}):(\d{2}(?:[.,]\d+)?)(?=\s|$)/
// Otter-style heading: the speaker's name and a stamp alone on a line, the words on the lines below.
const NAME_AND_STAMP = /^(.{1,40}?)\s+((?:\d{1,2}:)?\d{1,3}:\d{2})$/

interface Turn {
  speaker: string | null
  text: string
  stamp: number | null
  /** 1-based line where the turn starts, for errors. */
  line: number
}

function stampSeconds(hours: string | undefined, minutes: string, seconds: string): number | null {
  const mm = Number(minutes)
  const ss = Number(seconds.replace(',', '.'))
  if (ss >= 60 || (hours !== undefined && mm >= 60)) return null
  return Number((hours ?? '0').replace(':', '')) * 3600 + mm * 60 + ss
}

function takeStamp(text: string, bare: boolean): { stamp: number; rest: string } | null {
  const m = BRACKETED.exec(text) ?? (bare ? BARE.exec(text) : null)
  if (!m) return null
  const stamp = stampSeconds(m[1], m[2] ?? '', m[3] ?? '')
  return stamp === null ? null : { stamp, rest: text.slice(m[0].length).trim() }
}

interface LineParts {
  stamp: number | null
  speaker: string | null
  text: string
}

/** `[stamp] Name [(stamp)]: [stamp] text`, every part optional. */
function lineParts(line: string, knownNames: ReadonlySet<string>): LineParts {
  const lead = takeStamp(line, true)
  // "00:01:02 - Alice: hi": the dash only separates the stamp from the name.
  let rest = lead ? lead.rest.replace(/^[-–—]\s+/, '') : line
  let stamp = lead?.stamp ?? null
  const named = namedLine(rest, knownNames)
  if (named) {
    stamp ??= named.stamp
    rest = named.rest
  }
  const inner = takeStamp(rest, false)
  if (inner) {
    stamp ??= inner.stamp
    rest = inner.rest
  }
  return { stamp, speaker: named?.speaker ?? null, text: rest.replace(/\s+/g, ' ') }
}

function namedLine(
  text: string,
  knownNames: ReadonlySet<string>,
): { speaker: string; stamp: number | null; rest: string } | null {
  const heading = NAME_AND_STAMP.exec(text)
  const headingStamp = heading ? takeStamp(`[${heading[2] ?? ''}]`, false) : null
  if (heading && headingStamp && splitSpeakerPrefix(`${heading[1] ?? ''}:`, knownNames))
    return { speaker: heading[1] ?? '', stamp: headingStamp.stamp, rest: '' }
  // Rev-style "Speaker 1 (00:05): text": the stamp sits between the name and the colon.
  const stamped = /^([^:([]{1,40}?)\s*([[(][\d:.,]+[\])])\s*:(\s|$)/.exec(text)
  const stampInName = stamped ? takeStamp(stamped[2] ?? '', false) : null
  const candidate = stamped && stampInName ? `${stamped[1] ?? ''}: ${text.slice(stamped[0].length)}` : text
  const prefixed = splitSpeakerPrefix(candidate, knownNames)
  if (!prefixed) return null
  return { speaker: prefixed.speaker, stamp: stampInName?.stamp ?? null, rest: prefixed.rest.trim() }
}

/** Lower-case names ("alice: …") count as speakers only when several lines use them. */
function repeatedNames(lines: string[]): Set<string> {
  const seen = new Map<string, number>()
  for (const line of lines) {
    const name = speakerPrefixCandidate(takeStamp(line.trim(), true)?.rest ?? line.trim())
    if (name) seen.set(name, (seen.get(name) ?? 0) + 1)
  }
  return new Set([...seen].filter(([, count]) => count > 1).map(([name]) => name))
}

function readTurns(lines: string[]): Turn[] {
  const knownNames = repeatedNames(lines)
  const turns: Turn[] = []
  let afterBlank = true
  lines.forEach((raw, index) => {
    const line = raw.trim()
    if (line === '') {
      afterBlank = true
      return
    }
    const parts = lineParts(line, knownNames)
    const current = turns[turns.length - 1]
    const continues = current && parts.stamp === null && parts.speaker === null
    if (continues && (!afterBlank || current.text === '')) {
      current.text = current.text === '' ? parts.text : `${current.text} ${parts.text}`
    } else if (current && current.text === '' && current.speaker === null && parts.stamp === null) {
      // A stamp alone on its line opens the turn that the next named line fills.
      current.speaker = parts.speaker
      current.text = parts.text
    } else turns.push({ ...parts, line: index + 1 })
    afterBlank = false
  })
  return turns
}

function checkStampsInOrder(turns: Turn[]): void {
  let last: Turn | null = null
  for (const turn of turns) {
    if (turn.stamp === null) continue
    if (last && last.stamp !== null && turn.stamp < last.stamp)
      throw new TranscriptError(
        turn.line,
        `timestamp ${clock(turn.stamp)} goes back before ${clock(last.stamp)} (line ${last.line})`,
      )
    last = turn
  }
}

function clock(seconds: number): string {
  const whole = Math.floor(seconds)
  const parts = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60]
  return parts.map((n) => String(n).padStart(2, '0')).join(':')
}

const weight = (turn: Turn): number => Math.max(1, turn.text.length)
const wordCount = (turns: Turn[]): number =>
  turns.reduce((sum, turn) => sum + Math.max(1, turn.text.split(/\s+/).filter(Boolean).length), 0)

/** Start times of the turns spread over [begin, end] by length, then the end of the last one. */
function spread(turns: Turn[], begin: number, end: number): number[] {
  const total = turns.reduce((sum, turn) => sum + weight(turn), 0)
  const bounds = [begin]
  let done = 0
  for (const turn of turns) {
    done += weight(turn)
    bounds.push(begin + ((end - begin) * done) / total)
  }
  return bounds
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000

/** Turns turns[from..to) that share the time from `begin` to `end` (null: the file does not say). */
interface Group {
  from: number
  to: number
  begin: number
  end: number | null
}

/**
 * Times for every turn: stamps are kept, turns between two stamps share the gap by length, turns
 * before the first stamp share the time from 0, turns after the last stamp run to `durationSeconds`
 * or, without it, as long as reading them at 150 words a minute takes.
 */
function timeTurns(turns: Turn[], durationSeconds: number | undefined): ParsedSegment[] {
  const anchors = turns.flatMap((turn, i) => (turn.stamp === null ? [] : [i]))
  const groups: Group[] = []
  let from = 0
  let begin = 0
  for (const anchor of anchors) {
    if (anchor > from) groups.push({ from, to: anchor, begin, end: turns[anchor]?.stamp ?? begin })
    from = anchor
    begin = turns[anchor]?.stamp ?? begin
  }
  if (from < turns.length) groups.push({ from, to: turns.length, begin, end: null })
  return groups.flatMap((group) => groupSegments(turns, group, durationSeconds))
}

function groupSegments(turns: Turn[], group: Group, durationSeconds: number | undefined): ParsedSegment[] {
  const members = turns.slice(group.from, group.to)
  const known =
    group.end ?? (durationSeconds !== undefined && durationSeconds > group.begin ? durationSeconds : null)
  const end = known ?? group.begin + wordCount(members) / WORDS_PER_SECOND
  const bounds = spread(members, group.begin, end)
  return members.flatMap((turn, i) => {
    if (turn.text === '') return []
    const exactStart = i === 0 && turn.stamp !== null
    const exactEnd = i === members.length - 1 && group.end !== null
    const segment: ParsedSegment = {
      start: round(bounds[i] ?? group.begin),
      end: round(bounds[i + 1] ?? end),
      speaker: turn.speaker,
      text: turn.text,
      words: [],
    }
    if (!exactStart || !exactEnd) segment.approximate = true
    return [segment]
  })
}

/**
 * A plain text transcript: `Name: text` turns (a line without a name continues the turn above it, or
 * after a blank line opens an unnamed one) with optional `[hh:mm:ss]`, `[mm:ss]`, `(hh:mm:ss)` or bare
 * `hh:mm:ss` stamps. Times not written in the file are estimated and the segment marked `approximate`.
 */
export function parsePlainText(text: string, durationSeconds?: number): ParsedTranscript {
  const lines = splitLines(text)
  // A name with nothing under it ("Alice:" before "Bob: …") has no words to time.
  const turns = readTurns(lines).filter((turn) => turn.text !== '' || turn.stamp !== null)
  if (!turns.some((turn) => turn.text !== '')) throw new TranscriptError(1, 'no text in the file')
  checkStampsInOrder(turns)
  const duration =
    durationSeconds !== undefined && Number.isFinite(durationSeconds) ? durationSeconds : undefined
  return { format: 'plain', segments: timeTurns(turns, duration) }
}
