import type { z } from 'zod'
import type { episodePatchSchema } from '../../shared/contract'
import type { Db } from '../db/openDatabase'
import { applyEdit } from '../history/editHistory'
import { episodeRow } from './episodeQueries'

export type EpisodePatch = z.output<typeof episodePatchSchema>

const LABELS: Record<keyof EpisodePatch, string> = {
  title: 'Rename episode',
  show: 'Change show',
  publishedOn: 'Change air date',
  sourceUrl: 'Change source URL',
  summary: 'Edit summary',
}

/** Changes the episode's details as one undoable edit. */
export function updateEpisode(db: Db, id: string, patch: EpisodePatch): void {
  episodeRow(db, id)
  const fields = Object.keys(patch) as (keyof EpisodePatch)[]
  if (fields.length === 0) return
  const label = fields.length === 1 ? LABELS[fields[0] as keyof EpisodePatch] : 'Edit episode details'
  applyEdit(db, id, label, (w) => {
    w.update(
      'episodes',
      { id },
      {
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.show !== undefined && { show: patch.show }),
        ...(patch.publishedOn !== undefined && { published_on: patch.publishedOn }),
        ...(patch.sourceUrl !== undefined && { source_url: patch.sourceUrl }),
        ...(patch.summary !== undefined && { summary: patch.summary }),
        updated_at: new Date().toISOString(),
      },
    )
  })
}
