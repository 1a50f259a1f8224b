/** How a capability declares its methods: the request's schema, the response's type, and whether it edits. */
import type { z } from 'zod'
import type { EpisodeView } from './episodeView'

/** Curried so that the request schema's type is inferred while the response type is named. */
export const method =
  <Res>() =>
  <Req extends z.ZodType>(request: Req) => ({
    request,
    response: undefined as unknown as Res,
    edits: false as const,
  })

/**
 * A method that changes the episode: every one answers `{ view, ...more }`, the episode as it now is, so
 * the window redraws from the one reply and nothing has to guess where a reply keeps its view.
 */
export const edit =
  <More extends object = object>() =>
  <Req extends z.ZodType>(request: Req) => ({
    request,
    response: undefined as unknown as { view: EpisodeView } & More,
    edits: true as const,
  })
