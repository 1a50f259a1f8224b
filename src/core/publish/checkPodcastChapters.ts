/**
 * Podcasting 2.0 JSON chapters (podcast namespace, chapters/jsonChapters.md, version 1.2). Objects keep
 * keys the spec does not name, because files carry them (the spec's own complex example has a chapter
 * `value`, and apps add namespaced keys such as `rssblue:remoteEntity`).
 */
import { z } from 'zod'
import { describeIssue } from '../../shared/validateEpisode'

const seconds = z.number().finite().min(0, 'a time is never negative')

const url = z.string().refine((u) => URL.canParse(u), 'not a URL')

// RFC 5870: `geo:` latitude,longitude, an optional altitude, then optional `;` parameters (crs, u=).
const GEO_URI = /^geo:-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?(?:,-?\d+(?:\.\d+)?)?(?:;.*)?$/i

const locationSchema = z.looseObject({
  name: z.string(),
  geo: z.string().regex(GEO_URI, 'a geo URI (RFC 5870) such as "geo:48.858093,2.294694"'),
  osm: z.string().optional(),
})

const chapterSchema = z
  .looseObject({
    startTime: seconds,
    // Optional since 1.2: a silent chapter (`toc: false`) may carry only artwork or a location.
    title: z.string().optional(),
    img: url.optional(),
    url: url.optional(),
    toc: z.boolean().optional(),
    endTime: seconds.optional(),
    location: locationSchema.optional(),
  })
  .refine((c) => c.endTime === undefined || c.endTime >= c.startTime, {
    message: 'endTime is before startTime',
    path: ['endTime'],
  })

const chaptersFileSchema = z
  .looseObject({
    version: z.string().regex(/^\d+\.\d+(?:\.\d+)?$/, 'a version number such as "1.2.0"'),
    chapters: z.array(chapterSchema),
    author: z.string().optional(),
    title: z.string().optional(),
    podcastName: z.string().optional(),
    description: z.string().optional(),
    fileName: z.string().optional(),
    waypoints: z.boolean().optional(),
  })
  .superRefine((file, ctx) => {
    // "Chapter order is assumed to be in ascending order based on the startTime."
    file.chapters.forEach((c, i) => {
      const previous = file.chapters[i - 1]
      if (previous && c.startTime < previous.startTime)
        ctx.addIssue({
          code: 'custom',
          path: ['chapters', i, 'startTime'],
          message: `${c.startTime} is before the previous chapter's ${previous.startTime}; chapters are in ascending order`,
        })
    })
  })

export type PodcastChapters = z.output<typeof chaptersFileSchema>

export type ChaptersCheck = { ok: true; file: PodcastChapters } | { ok: false; problems: string[] }

/** Checks parsed JSON against the JSON chapters spec; every problem as `<json path>: <problem>`. */
export function checkPodcastChapters(json: unknown): ChaptersCheck {
  const parsed = chaptersFileSchema.safeParse(json)
  if (parsed.success) return { ok: true, file: parsed.data }
  return { ok: false, problems: parsed.error.issues.map(describeIssue) }
}

/**
 * The spec's rules and the stricter ones this app holds its own chapters files to: every chapter has
 * a title (a player lists an untitled chapter as a blank line; the spec allows one for silent
 * chapters, which the app never writes) and an end no later than the next chapter's start.
 */
export function checkPublishedChapters(json: unknown): ChaptersCheck {
  const check = checkPodcastChapters(json)
  if (!check.ok) return check
  const problems: string[] = []
  check.file.chapters.forEach((c, i) => {
    if (!c.title) problems.push(`/chapters/${i}/title: missing; every published chapter has a title`)
    const next = check.file.chapters[i + 1]
    if (next && c.endTime !== undefined && c.endTime > next.startTime)
      problems.push(
        `/chapters/${i}/endTime: ${c.endTime} is after the next chapter's start ${next.startTime}`,
      )
  })
  return problems.length === 0 ? check : { ok: false, problems }
}
