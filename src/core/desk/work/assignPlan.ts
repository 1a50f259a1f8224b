/**
 * Who scores which episode (issue 44, `desk assign`): the plan alone, no database, so that its rules can
 * be proved on any input. The caller checks that the episodes and reviewers exist; this checks the shape.
 *
 * Rules:
 * - Calibration: `k` episodes go to every reviewer, where k = Math.round(share * episodes) (halves round
 *   up), at least 1 when share > 0, at most every episode. Which ones is a seeded sample, so that they
 *   spread over the list (a season in order) rather than being its first weeks; listed in the given order.
 * - Every other episode goes to `overlap` distinct reviewers.
 * - Balance: over this call's assignments, no reviewer has more than one episode above another. This holds
 *   whether calibration episodes are counted or not: each reviewer has all of them, the same number.
 *   Of the T = (episodes - k) * overlap assignments, every reviewer gets floor(T / R) or ceil(T / R).
 * - The held load only decides who takes the remainder (the T mod R reviewers holding the fewest
 *   assignments get the extra one); it never unbalances the call. Loads of people not in `reviewers` are
 *   ignored; a reviewer missing from it holds 0.
 * - Deterministic: the same input (seed included; 0 when not given) gives the same plan. The seed breaks
 *   ties, so that pairs of reviewers vary from episode to episode (agreement is measured across pairs).
 *
 * Cost: O(E * overlap * log R) with a heap over the reviewers.
 */
import { UserError } from '../../errors'
import { seededUint32 } from './seededGenerator'

export interface PlanRequest {
  /** Episode ids, in the order given (kept in the plan). */
  episodes: string[]
  reviewers: string[]
  /** Reviewers per episode, 1 to the number of reviewers. */
  overlap: number
  /** The share of episodes (0 to 1) sent to every reviewer. */
  calibrationShare?: number
  /** Assignments each reviewer already holds. */
  load?: Record<string, number>
  seed?: number
}

export interface AssignmentPlan {
  /** Every episode, in the order given, to its reviewers (in the order `reviewers` lists them). */
  byEpisode: Map<string, string[]>
  /** The calibration episodes (sent to every reviewer), in the order given. */
  calibration: string[]
}

const refuse = (message: string): UserError => new UserError('invalid-input', `desk assign: ${message}`)

function firstDuplicate(list: string[]): string | null {
  const seen = new Set<string>()
  for (const item of list) {
    if (seen.has(item)) return item
    seen.add(item)
  }
  return null
}

function validate(request: PlanRequest): void {
  const { episodes, reviewers, overlap, calibrationShare, load, seed } = request
  if (episodes.length === 0) throw refuse('no episodes given')
  if (reviewers.length === 0) throw refuse('no reviewers given')
  const twiceEpisode = firstDuplicate(episodes)
  if (twiceEpisode !== null) throw refuse(`episode ${twiceEpisode} is listed twice`)
  const twiceReviewer = firstDuplicate(reviewers)
  if (twiceReviewer !== null) throw refuse(`reviewer ${twiceReviewer} is listed twice`)
  if (!Number.isInteger(overlap) || overlap < 1)
    throw refuse(`overlap must be a whole number of 1 or more; ${overlap} given`)
  if (overlap > reviewers.length) {
    throw refuse(`overlap ${overlap} needs at least ${overlap} reviewers; ${reviewers.length} given`)
  }
  if (calibrationShare !== undefined && !(calibrationShare >= 0 && calibrationShare <= 1)) {
    throw refuse(`the calibration share must be between 0 and 1; ${calibrationShare} given`)
  }
  if (seed !== undefined && !Number.isFinite(seed)) throw refuse(`the seed must be a number; ${seed} given`)
  for (const reviewer of reviewers) {
    const held = load?.[reviewer]
    if (held !== undefined && !(Number.isFinite(held) && held >= 0)) {
      throw refuse(`${reviewer}'s load must be 0 or more; ${held} given`)
    }
  }
}

/** How many episodes go to everyone: see the module's rules. */
export function calibrationCount(episodes: number, share: number): number {
  if (!(share > 0) || episodes === 0) return 0
  return Math.min(episodes, Math.max(1, Math.round(share * episodes)))
}

/** Indices 0..n-1 with `k` of them chosen by a seeded partial Fisher-Yates shuffle. */
function sampleIndices(n: number, k: number, next: () => number): Set<number> {
  const order = new Int32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  const chosen = new Set<number>()
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor((next() / 4294967296) * (n - i))
    const picked = order[j] as number
    order[j] = order[i] as number
    order[i] = picked
    chosen.add(picked)
  }
  return chosen
}

/**
 * A binary max-heap of reviewer indices by (remaining quota desc, tie-break asc, index asc): the index
 * makes the order total, so the plan never depends on the heap's internals beyond the keys.
 */
class QuotaHeap {
  private readonly items: Int32Array
  private size = 0
  constructor(
    capacity: number,
    private readonly remaining: Int32Array,
    private readonly tie: Uint32Array,
  ) {
    this.items = new Int32Array(capacity)
  }
  private before(a: number, b: number): boolean {
    const ra = this.remaining[a] as number
    const rb = this.remaining[b] as number
    if (ra !== rb) return ra > rb
    const ta = this.tie[a] as number
    const tb = this.tie[b] as number
    if (ta !== tb) return ta < tb
    return a < b
  }
  push(reviewer: number): void {
    const items = this.items
    let i = this.size++
    items[i] = reviewer
    while (i > 0) {
      const parent = (i - 1) >> 1
      const p = items[parent] as number
      if (!this.before(reviewer, p)) break
      items[i] = p
      i = parent
    }
    items[i] = reviewer
  }
  pop(): number {
    const items = this.items
    const top = items[0] as number
    const last = items[--this.size] as number
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= this.size) break
      const right = left + 1
      let child = left
      if (right < this.size && this.before(items[right] as number, items[left] as number)) child = right
      if (!this.before(items[child] as number, last)) break
      items[i] = items[child] as number
      i = child
    }
    if (this.size > 0) items[i] = last
    return top
  }
}

/** The plan: see the module's rules. Throws a UserError naming the reason for input it refuses. */
export function planAssignments(request: PlanRequest): AssignmentPlan {
  validate(request)
  const { episodes, reviewers, overlap } = request
  const share = request.calibrationShare ?? 0
  const next = seededUint32(request.seed ?? 0)
  const E = episodes.length
  const R = reviewers.length

  const k = calibrationCount(E, share)
  const calibrationIndices = sampleIndices(E, k, next)

  // Quotas: everyone floor(T / R); the remainder to those holding least, ties by a seeded draw.
  const T = (E - k) * overlap
  const base = Math.floor(T / R)
  const extra = T - base * R
  const held = reviewers.map((r) => request.load?.[r] ?? 0)
  const draw = reviewers.map(() => next())
  const byHeld = reviewers.map((_, i) => i)
  byHeld.sort(
    (a, b) => (held[a] as number) - (held[b] as number) || (draw[a] as number) - (draw[b] as number) || a - b,
  )
  const remaining = new Int32Array(R).fill(base)
  for (let i = 0; i < extra; i++) remaining[byHeld[i] as number] = base + 1

  // Each episode to the `overlap` reviewers with the most quota left. This never gets stuck: while the
  // quotas left sum to (episodes left) * overlap and none exceeds the episodes left, the ones that must
  // take every remaining episode are at the top, and taking the largest keeps both true (as in Havel-Hakimi).
  const tie = new Uint32Array(R)
  for (let i = 0; i < R; i++) tie[i] = next()
  const heap = new QuotaHeap(R, remaining, tie)
  for (let i = 0; i < R; i++) heap.push(i)

  const everyone = [...reviewers]
  const byEpisode = new Map<string, string[]>()
  const calibration: string[] = []
  const picked = new Int32Array(overlap)
  for (let e = 0; e < E; e++) {
    const episode = episodes[e] as string
    if (calibrationIndices.has(e)) {
      byEpisode.set(episode, [...everyone])
      calibration.push(episode)
      continue
    }
    for (let j = 0; j < overlap; j++) {
      const reviewer = heap.pop()
      if ((remaining[reviewer] as number) <= 0) throw new Error('desk assign: the plan ran out of quota')
      picked[j] = reviewer
    }
    // Back with one less and a fresh tie-break, so that the next episode's pair is drawn anew.
    for (let j = 0; j < overlap; j++) {
      const reviewer = picked[j] as number
      remaining[reviewer] = (remaining[reviewer] as number) - 1
      tie[reviewer] = next()
      heap.push(reviewer)
    }
    // In the order `reviewers` lists them (an insertion sort: `overlap` is small).
    const chosen: string[] = []
    const order: number[] = []
    for (let j = 0; j < overlap; j++) {
      const reviewer = picked[j] as number
      let at = order.length
      while (at > 0 && (order[at - 1] as number) > reviewer) at--
      order.splice(at, 0, reviewer)
    }
    for (const i of order) chosen.push(reviewers[i] as string)
    byEpisode.set(episode, chosen)
  }
  return { byEpisode, calibration }
}
