import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DialogFolders, PathChecks } from '../../src/main/dialogFolders'
import { tempFolder } from '../tempFolder'

describe('the folder each open dialog starts in', () => {
  it('is the folder a file of that kind was last chosen from, at the next launch too', async () => {
    const home = tempFolder()
    const season = path.join(home, 'Season 3')
    const transcripts = path.join(home, 'Transcripts')
    for (const folder of [season, transcripts]) fs.mkdirSync(folder)
    const kept = path.join(home, 'data', 'dialog-folders.json')

    const first = new DialogFolders(kept)
    expect(await first.folderFor('media')).toBeUndefined()
    first.chose('media', path.join(season, 'episode 12.mp4'))
    first.chose('transcript', path.join(transcripts, 'episode 12.vtt'))

    // A new launch reads what the last one kept, each kind on its own.
    const next = new DialogFolders(kept)
    expect(await next.folderFor('media')).toBe(season)
    expect(await next.folderFor('transcript')).toBe(transcripts)
    expect(await next.folderFor('episode')).toBeUndefined()
  })

  it('starts where the system puts it when the folder is gone or the kept file is damaged', async () => {
    const home = tempFolder()
    const gone = path.join(home, 'Unplugged disk')
    fs.mkdirSync(gone)
    const kept = path.join(home, 'dialog-folders.json')
    new DialogFolders(kept).chose('media', path.join(gone, 'a.mp3'))
    fs.rmSync(gone, { recursive: true })
    expect(await new DialogFolders(kept).folderFor('media')).toBeUndefined()
    fs.writeFileSync(kept, '{ not json')
    expect(await new DialogFolders(kept).folderFor('media')).toBeUndefined()
  })

  it('starts where the system puts it, without waiting, when the folder is on a share that does not answer', async () => {
    const home = tempFolder()
    const share = path.join(home, 'Studio share')
    fs.mkdirSync(share)
    const kept = path.join(home, 'dialog-folders.json')
    new DialogFolders(kept).chose('media', path.join(share, 'a.mp3'))
    // The share's server is gone: its stat, like a real one on a dead mount, never answers.
    let asked = 0
    const unreachable = new PathChecks((): Promise<fs.Stats> => {
      asked++
      return new Promise(() => undefined)
    })
    const folders = new DialogFolders(kept, unreachable)
    expect(await folders.folderFor('media')).toBeUndefined()
    expect(await folders.folderFor('media')).toBeUndefined()
    // Asked once while it hangs: the next dialogs do not pile up waiting threads.
    expect(asked).toBe(1)
    // Once reachable again, dialogs open there.
    expect(await new DialogFolders(kept).folderFor('media')).toBe(share)
  })
})
