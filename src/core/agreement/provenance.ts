import type { Provenance } from '../../shared/agreement'

/** The provenance an item's extensions record (`extensions.episcore`: `source` or `typed`). */
export function provenanceOf(extensions: Record<string, unknown> | undefined): Provenance {
  const episcore = extensions?.episcore as { source?: unknown; typed?: unknown } | undefined
  if (episcore?.typed === true) return { typed: true }
  return typeof episcore?.source === 'string' ? { source: episcore.source } : null
}

/**
 * The extensions (as stored, JSON text) of an item of a consensus the editor has just typed over: it
 * no longer comes from its source. Null when the item records no source (nothing to change).
 */
export function typedOver(stored: unknown): string | null {
  if (typeof stored !== 'string') return null
  const extensions = JSON.parse(stored) as Record<string, unknown>
  const episcore = extensions.episcore as Record<string, unknown> | undefined
  if (typeof episcore?.source !== 'string') return null
  const { source: _source, ...rest } = episcore
  return JSON.stringify({ ...extensions, episcore: { ...rest, typed: true } })
}
