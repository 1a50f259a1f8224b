/**
 * The rules of a rubric's score scale, in one place for the renderer (typing a score, the problems
 * panel) and the core (refusing a score, refusing to publish).
 */
export interface ScoreScale {
  min: number
  max: number
}

/** Why a score cannot be given on the scale, or null when it can. */
export function scoreValueProblem(value: number, scale: ScoreScale): string | null {
  if (!Number.isInteger(value)) return `score ${value} is not a whole number`
  if (value < scale.min || value > scale.max)
    return `score ${value} is outside the scale ${scale.min}-${scale.max}`
  return null
}

/** The letter typed for the top of a 0-10 scale, which takes two digits otherwise. */
export const TEN_KEY = 'T'

/** The score a letter key gives on the scale (`T` for 10 where 10 is on it), or null. */
export function scoreOfLetter(key: string, scale: ScoreScale): number | null {
  return key.toUpperCase() === TEN_KEY && scale.min <= 10 && 10 <= scale.max ? 10 : null
}

/** A reasoning or a why that says nothing: empty, or only spaces. */
export const isMissingText = (text: string): boolean => text.trim() === ''
