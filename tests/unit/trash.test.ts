import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { DatabaseSession } from '../../src/core/service/databaseSession'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { MethodName, RequestOf, ResponseOf } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import type { ReplyError } from '../../src/shared/result'
import { speechMp3 } from '../generateMedia'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const DAY_MS = 24 * 60 * 60 * 1000

interface Library {
  file: string
  db: Db
  call<K extends MethodName>(method: K, request: RequestOf<K>): Promise<ResponseOf<K>>
  refusal<K extends MethodName>(method: K, request: RequestOf<K>): Promise<ReplyError>
}

function library(file = path.join(tempFolder(), 'episcore.sqlite')): Library {
  const db = openDatabase(file)
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  return {
    file,
    db,
    call: async (method, request) => {
      const reply = await dispatch(handlers, method, request)
      if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`)
      return reply.value as never
    },
    refusal: async (method, request) => {
      const reply = await dispatch(handlers, method, request)
      if (reply.ok) throw new Error(`${method} was not refused`)
      return reply.error
    },
  }
}

const listed = async (l: Library): Promise<string[]> =>
  (await l.call('episodes.list', {})).map((e) => e.id).sort()
const inTrash = async (l: Library): Promise<string[]> =>
  (await l.call('episodes.listTrash', {})).map((e) => e.id)

function copyOf(id: string, reviewer: string): EpisodeDocument {
  const doc = structuredClone(machineEpisode())
  doc.episode.id = id
  doc.review.reviewer = reviewer
  return doc
}

/** The app's or the host's start on `file`, at the time given. */
function startAt(file: string, now: Date): DatabaseSession {
  return new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(tempFolder()), now })
}

describe('deleting an episode to the trash', () => {
  it('leaves it out of the library, lists it in the trash, and restores it whole: media link and history', async () => {
    const l = library()
    const id = await createEpisode(l.db, { mediaPath: speechMp3(5), title: 'Kept whole' })
    await l.call('episodes.update', { id, patch: { title: 'Renamed before the delete' } })
    const before = await l.call('episodes.open', { id })
    expect(before.media?.available).toBe(true)

    await l.call('episodes.trash', { id })
    expect(await listed(l)).toEqual([])
    const [trashed] = await l.call('episodes.listTrash', {})
    expect(trashed?.title).toBe('Renamed before the delete')
    expect(Date.parse(trashed?.emptiedAfter ?? '') - Date.parse(trashed?.trashedAt ?? '')).toBe(30 * DAY_MS)

    await l.call('episodes.restore', { id })
    expect(await listed(l)).toEqual([id])
    expect(await inTrash(l)).toEqual([])
    const after = await l.call('episodes.open', { id })
    expect(after.media).toEqual(before.media)
    expect(after.summary.title).toBe('Renamed before the delete')
    // Its history came back with it: the rename is still undoable.
    const undone = await l.call('history.undo', { id })
    expect(undone.view.summary.title).toBe('Kept whole')
  }, 60_000)

  it('is undone at once by restoring: the episode opens exactly as it was', async () => {
    const l = library()
    loadEpisodeDocument(l.db, machineEpisode())
    const id = machineEpisode().episode.id
    const before = await l.call('episodes.open', { id })
    await l.call('episodes.trash', { id })
    await l.call('episodes.restore', { id })
    expect(await l.call('episodes.open', { id })).toEqual(before)
    expect(await listed(l)).toEqual([id])
  })

  it('refuses every other call on a trashed episode, saying it was moved to the trash', async () => {
    const l = library()
    loadEpisodeDocument(l.db, machineEpisode())
    const id = machineEpisode().episode.id
    await l.call('episodes.trash', { id })
    for (const refusal of [
      await l.refusal('episodes.open', { id }),
      await l.refusal('episodes.update', { id, patch: { title: 'Edited in another window' } }),
      await l.refusal('episodes.export', { id }),
      await l.refusal('episodes.duplicate', { id }),
    ]) {
      expect(refusal.code).toBe('trashed')
      expect(refusal.message).toContain('was moved to the trash')
    }
    expect((await l.refusal('episodes.trash', { id })).message).toMatch(/already in the trash/)
    await l.call('episodes.restore', { id })
    expect((await l.refusal('episodes.restore', { id })).message).toMatch(/is not in the trash/)
  })

  it('leaves trashed analyses out of the compare screen’s analyses of an episode', async () => {
    const l = library()
    loadEpisodeDocument(l.db, machineEpisode())
    loadEpisodeDocument(l.db, copyOf('ada-copy', 'Ada'))
    loadEpisodeDocument(l.db, copyOf('bo-copy', 'Bo'))
    const id = machineEpisode().episode.id
    await l.call('episodes.trash', { id: 'bo-copy' })
    expect((await l.call('episodes.analysesOf', { id })).map((a) => a.id)).toEqual([id, 'ada-copy'])
  })

  it('refuses loading a file whose id is in the trash, naming --replace and restore', async () => {
    const l = library()
    loadEpisodeDocument(l.db, machineEpisode())
    const id = machineEpisode().episode.id
    await l.call('episodes.trash', { id })
    expect(() => loadEpisodeDocument(l.db, machineEpisode())).toThrow(
      `is in the trash; load with --replace to overwrite it, or restore it with episcore restore ${id}`,
    )
    expect(loadEpisodeDocument(l.db, machineEpisode(), { replace: true })).toEqual({ id, replaced: true })
    expect(await listed(l)).toEqual([id])
    expect(await inTrash(l)).toEqual([])
  })
})

describe('the trash at the start', () => {
  it('is emptied of episodes trashed more than 30 days before, the others kept', async () => {
    const l = library()
    loadEpisodeDocument(l.db, machineEpisode())
    loadEpisodeDocument(l.db, copyOf('kept-in-library', 'Ada'))
    const id = machineEpisode().episode.id
    const { trashedAt } = await l.call('episodes.trash', { id })
    l.db.close()

    const day29 = startAt(l.file, new Date(Date.parse(trashedAt) + 29 * DAY_MS))
    expect((await day29.dispatch('episodes.listTrash', {})).ok && (await inTrashOf(day29))).toEqual([id])
    day29.close()

    const day31 = startAt(l.file, new Date(Date.parse(trashedAt) + 31 * DAY_MS))
    expect(await inTrashOf(day31)).toEqual([])
    const restore = await day31.dispatch('episodes.restore', { id })
    expect(restore.ok ? null : restore.error.message).toMatch(/does not exist/)
    const list = await day31.dispatch('episodes.list', {})
    expect(list.ok && (list.value as { id: string }[]).map((e) => e.id)).toEqual(['kept-in-library'])
    day31.close()
  })

  it('prepares the last episode edited among those in the library, never a trashed one', async () => {
    const l = library()
    loadEpisodeDocument(l.db, copyOf('older', 'Ada'))
    loadEpisodeDocument(l.db, machineEpisode())
    const id = machineEpisode().episode.id
    await l.call('episodes.update', { id, patch: { title: 'Edited last' } })
    await l.call('episodes.trash', { id })
    l.db.close()
    const session = startAt(l.file, new Date())
    expect(session.prepareLastEpisode()).toBe('older')
    session.close()
  })
})

async function inTrashOf(session: DatabaseSession): Promise<string[]> {
  const reply = await session.dispatch('episodes.listTrash', {})
  if (!reply.ok) throw new Error(reply.error.message)
  return (reply.value as { id: string }[]).map((e) => e.id)
}

describe('duplicating and renaming an episode', () => {
  it('duplicates under a new id, linked to the same media, and the copy is edited on its own', async () => {
    const l = library()
    const id = await createEpisode(l.db, { mediaPath: speechMp3(5), title: 'Original' })
    const { id: copy } = await l.call('episodes.duplicate', { id })
    expect(copy).toBe(`${id}-2`)
    expect(await listed(l)).toEqual([id, copy].sort())
    const original = await l.call('episodes.open', { id })
    const duplicate = await l.call('episodes.open', { id: copy })
    expect(duplicate.media).toEqual(original.media)
    // Told apart from the original in its title too.
    expect(duplicate.summary.title).toBe('Original (copy)')

    await l.call('episodes.update', { id: copy, patch: { title: 'Second analysis' } })
    expect((await l.call('episodes.open', { id })).summary.title).toBe('Original')
    await l.call('episodes.trash', { id })
    expect(await listed(l)).toEqual([copy])
    expect((await l.call('episodes.open', { id: copy })).summary.title).toBe('Second analysis')
  }, 60_000)

  it('refuses an empty title, saying a title is needed', async () => {
    const l = library()
    loadEpisodeDocument(l.db, machineEpisode())
    const id = machineEpisode().episode.id
    const refusal = await l.refusal('episodes.update', { id, patch: { title: '   ' } })
    expect(refusal.message).toBe('/patch/title: a title is needed')
  })
})
