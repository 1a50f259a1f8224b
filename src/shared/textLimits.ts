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

/**
 * The refusal's words: the editor reads "The summary can be at most 20,000 characters". Thousands are
 * grouped by hand: the contract's schemas call this as they are made, and a first toLocaleString starts
 * ICU's number formatting, a tenth of the CLI's start.
 */
export const tooLong = (limit: number): string => `can be at most ${grouped(limit)} characters`

/**
 * A whole number with its thousands grouped ("604,800"), as toLocaleString('en') writes it. Schemas and
 * refusals call it as their modules load: a first toLocaleString starts ICU's number formatting, some
 * 10 ms, which every command of the CLI and the library's first render paid.
 */
export const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',')
