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
