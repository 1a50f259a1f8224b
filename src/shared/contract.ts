/**
 * The API contract: one map of method name to request schema and response type. The Electron IPC
 * bridge, the browser host and the CLI all dispatch through it, and the core validates every
 * request against it at its door.
 */
import { z } from 'zod'
import type { reviewStatusSchema } from './episodeFormat'

/** An opaque handle to a file the user chose; the renderer never names a path itself. */
export const fileRefSchema = z.string().regex(/^file-[0-9a-f]{32}$/, 'not a file handle')

const episodeId = z.string().min(1).max(64)

/** Curried so that the request schema's type is inferred while the response type is named. */
const method =
  <Res>() =>
  <Req extends z.ZodType>(request: Req) => ({ request, response: undefined as unknown as Res })

export interface EpisodeSummary {
  id: string
  title: string
  show: string
  publishedOn: string | null
  durationSeconds: number
  reviewStatus: z.infer<typeof reviewStatusSchema>
}

export interface SegmentView {
  id: string
  start: number
  end: number
  speaker: string | null
  text: string
}

export interface SpanView {
  id: string
  title: string
  start: number
  end: number
}

export interface EpisodeView {
  summary: EpisodeSummary
  chapters: SpanView[]
  statements: SpanView[]
  media: { fileName: string; kind: 'audio' | 'video'; available: boolean } | null
  segments: SegmentView[]
  history: { canUndo: boolean; canRedo: boolean; undoLabel: string | null; redoLabel: string | null }
}

/** Where an episode's waveform peaks stand; `computing` carries a 0-1 fraction. */
export type PeaksStatus =
  | { state: 'ready' }
  | { state: 'computing'; progress: number }
  | { state: 'cancelled' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'unavailable'; message: string }

export const episodePatchSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'a title is needed').max(500),
    show: z.string().trim().max(200),
    publishedOn: z.iso.date().nullable(),
  })
  .partial()

const byId = z.strictObject({ id: episodeId })

export const contract = {
  'episodes.list': method<EpisodeSummary[]>()(z.strictObject({})),
  'episodes.create': method<{ id: string }>()(
    z.strictObject({
      media: fileRefSchema,
      transcript: fileRefSchema.optional(),
      title: z.string().trim().max(500).optional(),
      show: z.string().trim().max(200).optional(),
      publishedOn: z.iso.date().optional(),
    }),
  ),
  'episodes.open': method<EpisodeView>()(byId),
  'episodes.update': method<EpisodeView>()(z.strictObject({ id: episodeId, patch: episodePatchSchema })),
  'episodes.export': method<{ fileName: string; json: string }>()(byId),
  'episodes.relinkMedia': method<{ view: EpisodeView; sameContent: boolean }>()(
    z.strictObject({ id: episodeId, media: fileRefSchema }),
  ),
  'media.peaks': method<PeaksStatus>()(z.strictObject({ id: episodeId, restart: z.boolean().optional() })),
  'media.cancelPeaks': method<PeaksStatus>()(byId),
  'history.undo': method<EpisodeView>()(byId),
  'history.redo': method<EpisodeView>()(byId),
}

export type Contract = typeof contract
export type MethodName = keyof Contract
export type RequestOf<K extends MethodName> = z.input<Contract[K]['request']>
export type ParsedRequestOf<K extends MethodName> = z.output<Contract[K]['request']>
export type ResponseOf<K extends MethodName> = Contract[K]['response']

export const isMethodName = (name: string): name is MethodName => Object.hasOwn(contract, name)
