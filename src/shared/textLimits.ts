/** How long a text may be, as the contract checks it and the fields say before it is reached. */
export const TEXT_LIMITS = {
  /** Titles, labels, a highlight's title. */
  short: 500,
  /** Names and a show's name. */
  name: 200,
  /** Quotes, whys, reasoning, descriptions, the summary. */
  long: 20_000,
  url: 2000,
} as const

/** The refusal's words: the editor reads "The title can be at most 500 characters". */
export const tooLong = (limit: number): string => `can be at most ${limit.toLocaleString('en')} characters`
