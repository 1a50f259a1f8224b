/** The published page's colours for who speaks; the editor's charts and the exported HTML page share them. */
export const ROLE_COLORS = { host: '#c9a227', guest: '#6b3fa0', other: '#9aa1a9' } as const

// Told apart from each other and from the gold and purple of the speaking balance.
const DIMENSION_PALETTE = [
  '#1f6fb2',
  '#d1495b',
  '#2e9d5b',
  '#e07b00',
  '#00897b',
  '#8d5524',
  '#c2185b',
  '#546e7a',
]

/** A dimension's colour, by its place in the rubric, the same in the chart, its legend and the averages. */
export const dimensionColor = (index: number): string =>
  DIMENSION_PALETTE[index % DIMENSION_PALETTE.length] ?? '#333'
