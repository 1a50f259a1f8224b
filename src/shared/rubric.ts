import type { Dimension } from './episodeFormat'
import { labelIdentity, sameLabel } from './labelIdentity'

/** The seed's four dimensions: what every new episode is scored on unless the editor saved another rubric. */
export const SEED_DIMENSIONS: readonly Dimension[] = [
  {
    key: 'hostsInformedPeer',
    label: 'The hosts as informed peer',
    description: '',
    highlightLabel: 'The host holds their own',
  },
  {
    key: 'guestTeaching',
    label: 'Guest teaching',
    description: '',
    highlightLabel: 'Biggest teaching moment',
  },
  {
    key: 'guestDisagreement',
    label: 'Guest disagreement',
    description: '',
    highlightLabel: 'Sharpest disagreement',
  },
  {
    key: 'hostsPushingBack',
    label: 'The hosts pushing back',
    description: '',
    highlightLabel: 'Hardest push from the hosts',
  },
]

export const SEED_SCALE = { min: 0, max: 10 } as const

/**
 * Why `label` cannot be given to a dimension (the one keyed `key`, or a new one): the table, the
 * charts, Problems and the CSV name dimensions by label, so two equal labels cannot be told apart.
 */
export function labelTaken(
  dimensions: readonly { key: string; label: string }[],
  label: string,
  key?: string,
): string | null {
  const other = dimensions.find((d) => d.key !== key && sameLabel(d.label, label))
  return other
    ? `the rubric already has a dimension labelled “${other.label.trim()}”; give this one another label`
    : null
}

/**
 * Each dimension whose label an earlier one already has, with that earlier one: a database from before
 * labels had to differ may hold them.
 */
export function repeatedLabels<T extends { label: string }>(
  dimensions: readonly T[],
): { first: T; repeat: T; index: number }[] {
  const seen = new Map<string, T>()
  const repeats: { first: T; repeat: T; index: number }[] = []
  dimensions.forEach((d, index) => {
    const label = labelIdentity(d.label)
    const first = seen.get(label)
    if (first) repeats.push({ first, repeat: d, index })
    else seen.set(label, d)
  })
  return repeats
}
