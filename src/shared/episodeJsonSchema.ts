import { z } from 'zod'
import { episodeSchemas } from './episodeFormat'

/**
 * Episode JSON v1 as a JSON Schema, generated from the zod schema (the single source) for consumers
 * that do not run TypeScript. The optional codebook fields (`rubric.codebook`, each dimension's
 * `levels`) are in it as the zod schema has them. Cross-field rules (spans within the media, unique ids,
 * sorted lists, levels covering the scale with no gap or overlap) are only in the zod schema;
 * `episcore validate` checks them.
 */
export function episodeJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(episodeSchemas().episodeDocumentSchema, { target: 'draft-2020-12' }),
    $id: 'https://episcore.app/schema/episode.v1.json',
    title: 'Episode JSON, format version 1',
  }
}
