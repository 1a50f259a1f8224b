import fs from 'node:fs'
import { UsageError, type Options } from './usage'

/** An option's text, when it was given as one. */
export const str = (v: Options[string]): string | undefined => (typeof v === 'string' ? v : undefined)

/** An absolute http(s) address, or a usage error naming the option. */
export function webAddress(value: string | undefined, option: string): string | undefined {
  if (value === undefined) return undefined
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(`${option} must be an absolute http(s) URL (not "${value}")`)
  return value
}

/** Whether an argument names an existing file (then it is read alone), rather than a library id. */
export const isFile = (candidate: string): boolean => {
  try {
    return fs.statSync(candidate).isFile()
  } catch {
    return false
  }
}
