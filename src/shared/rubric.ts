import type { Dimension } from './episodeFormat'

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

/** Two labels are the same when they differ only in case and surrounding spaces ("Humour", " humour "). */
export const sameLabel = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase()

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
