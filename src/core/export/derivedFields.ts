import { SPEAKING_BALANCE_BIN_SECONDS, type Role, type SpeakingBalance } from '../../shared/episodeFormat'
import { MAX_DURATION_SECONDS } from '../../shared/episodeLimits'
import { roundMillis } from '../../shared/time'

export interface TimedSpeech {
  start: number
  end: number
  role: Role | null
}

/** Each segment's time with the role of the participant who speaks it (`null` when nobody is mapped). */
export function speechByRole(
  segments: ReadonlyArray<{ start: number; end: number; speakerId: string | null }>,
  participants: ReadonlyArray<{ id: string; role: Role }>,
): TimedSpeech[] {
  const roleOf = new Map(participants.map((p) => [p.id, p.role]))
  return segments.map((s) => ({
    start: s.start,
    end: s.end,
    role: s.speakerId ? (roleOf.get(s.speakerId) ?? null) : null,
  }))
}

/** Speaking time per role in 3-minute bins; `null` when no segment has a known speaker. */
export function speakingBalance(
  speech: readonly TimedSpeech[],
  durationSeconds: number,
): SpeakingBalance | null {
  const spoken = speech.filter((s): s is TimedSpeech & { role: Role } => s.role !== null && s.end > s.start)
  if (spoken.length === 0) return null
  // Bounded whatever the database holds (a file loaded before durations were limited): a number must
  // never decide how much memory an export or a start takes.
  const covered = Number.isFinite(durationSeconds)
    ? Math.min(Math.max(durationSeconds, 0), MAX_DURATION_SECONDS)
    : MAX_DURATION_SECONDS
  const binCount = Math.max(1, Math.ceil(covered / SPEAKING_BALANCE_BIN_SECONDS))
  const bins = Array.from({ length: binCount }, (_, i) => ({
    start: i * SPEAKING_BALANCE_BIN_SECONDS,
    end: Math.min(covered, (i + 1) * SPEAKING_BALANCE_BIN_SECONDS),
    hostSeconds: 0,
    guestSeconds: 0,
    otherSeconds: 0,
  }))
  const field = { host: 'hostSeconds', guest: 'guestSeconds', other: 'otherSeconds' } as const
  for (const s of spoken) {
    const first = Math.max(0, Math.floor(s.start / SPEAKING_BALANCE_BIN_SECONDS))
    const last = Math.min(binCount - 1, Math.floor(s.end / SPEAKING_BALANCE_BIN_SECONDS))
    for (let i = first; i <= last; i++) {
      const bin = bins[i]
      if (!bin) continue
      const overlap = Math.min(s.end, bin.end) - Math.max(s.start, bin.start)
      if (overlap > 0) bin[field[s.role]] += overlap
    }
  }
  for (const bin of bins) {
    bin.end = roundMillis(bin.end)
    bin.hostSeconds = roundMillis(bin.hostSeconds)
    bin.guestSeconds = roundMillis(bin.guestSeconds)
    bin.otherSeconds = roundMillis(bin.otherSeconds)
  }
  return { binSeconds: SPEAKING_BALANCE_BIN_SECONDS, bins }
}

/** Mean of the chapters' scores per dimension, one decimal; `null` where no chapter is scored. */
export function scoreSummary(
  dimensionKeys: readonly string[],
  chapters: ReadonlyArray<{ scores: Record<string, { value: number | null }> }>,
): Record<string, number | null> {
  const summary: Record<string, number | null> = {}
  for (const key of dimensionKeys) {
    const values = chapters.map((c) => c.scores[key]?.value).filter((v): v is number => typeof v === 'number')
    summary[key] =
      values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10
  }
  return summary
}
