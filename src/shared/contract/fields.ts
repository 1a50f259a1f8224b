/** The request fields many capabilities' methods share: handles, ids, times and typed text. */
import { z } from 'zod'
import { TEXT_LIMITS, tooLong } from '../textLimits'
import { controlCharactersReplaced, withoutControlCharacters } from '../episodeLimits'

/** An opaque handle to a file the user chose; the renderer never names a path itself. */
export const fileRefSchema = z.string().regex(/^file-[0-9a-f]{32}$/, 'not a file handle')

/** A handle to a file the user named to be written (the CLI's `--out`); only a shell can make one. */
export const outputRefSchema = z.string().regex(/^out-[0-9a-f]{32}$/, 'not an output file handle')

export const episodeId = z.string().min(1).max(64)

export const byId = z.strictObject({ id: episodeId })

export const itemId = z.string().min(1).max(64)

export const seconds = z.number().finite().min(0).max(1_000_000)

/**
 * A title or a name as the editor types it or the CLI is given it: each run of control characters (a
 * pasted line break, a tab, an escape code) becomes one space, said on stderr, never refused for it.
 */
const typed = (limit: number, what: 'title' | 'name') =>
  z
    .string()
    .trim()
    .max(limit, tooLong(limit))
    .transform((given) => {
      const { text, replaced } = withoutControlCharacters(given)
      if (replaced) console.warn(`episcore: warning: ${controlCharactersReplaced(text.trim(), what)}`)
      return text.trim()
    })
export const typedTitle = typed(TEXT_LIMITS.short, 'title')
export const typedName = typed(TEXT_LIMITS.name, 'name')

/** A name or label that must be given: its absence and its length are said in words. */
export const requiredName = (missing: string) => typedName.pipe(z.string().min(1, missing))

export const shortText = z.string().trim().max(TEXT_LIMITS.short, tooLong(TEXT_LIMITS.short))
export const longText = z.string().trim().max(TEXT_LIMITS.long, tooLong(TEXT_LIMITS.long))
