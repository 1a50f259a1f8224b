/** A typed condition on a number: what a numeric column's filter box means. */
export interface NumberCondition {
  least: number
  most: number
  /** Whether each bound itself passes (`>5` leaves 5 out, `>=5` keeps it). */
  leastIncluded: boolean
  mostIncluded: boolean
}

const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`
const number = (text: string): number => Number(text.replace(',', '.'))

/**
 * Reads what an editor types in a numeric filter: `>=5`, `≥5`, `>5`, `<3`, `<=3`, `3-7`, `3–7` (both
 * ends kept) or `6` (that value as shown, one decimal). Null when the text says no condition (empty) —
 * and `undefined` when it is not one of these, so the box can say so instead of hiding every row.
 */
export function parseNumberCondition(text: string): NumberCondition | null | undefined {
  const typed = text.trim().replace(/\s+/g, '')
  if (typed === '') return null
  const compared = new RegExp(`^(>=|≥|=>|>|<=|≤|=<|<|=)?${NUMBER}$`).exec(typed)
  if (compared) {
    const value = number(compared[2] ?? '')
    switch (compared[1]) {
      case '>':
        return { least: value, most: Infinity, leastIncluded: false, mostIncluded: true }
      case '>=':
      case '=>':
      case '≥':
        return { least: value, most: Infinity, leastIncluded: true, mostIncluded: true }
      case '<':
        return { least: -Infinity, most: value, leastIncluded: true, mostIncluded: false }
      case '<=':
      case '=<':
      case '≤':
        return { least: -Infinity, most: value, leastIncluded: true, mostIncluded: true }
      default:
        // A bare number is the value shown: 6 keeps 6.0, not 6.04 rounded from elsewhere.
        return { least: value - 0.05, most: value + 0.05, leastIncluded: true, mostIncluded: false }
    }
  }
  const range = new RegExp(`^${NUMBER}(?:-|–|—|\\.\\.)${NUMBER}$`).exec(typed)
  if (range) {
    const [a, b] = [number(range[1] ?? ''), number(range[2] ?? '')]
    return { least: Math.min(a, b), most: Math.max(a, b), leastIncluded: true, mostIncluded: true }
  }
  return undefined
}

/** Whether a value passes; a missing value (not scored, no date) passes no condition. */
export function meets(value: number | null | undefined, condition: NumberCondition): boolean {
  if (value === null || value === undefined || Number.isNaN(value)) return false
  const aboveLeast = condition.leastIncluded ? value >= condition.least : value > condition.least
  const belowMost = condition.mostIncluded ? value <= condition.most : value < condition.most
  return aboveLeast && belowMost
}

/** What the filter box says when its text is not a condition. */
export const NUMBER_CONDITION_HINT = 'Type a number (6), a bound (>=5, <3) or a range (3-7).'
