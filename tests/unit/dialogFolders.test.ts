import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DialogFolders } from '../../src/main/dialogFolders'
import { tempFolder } from '../tempFolder'

describe('the folder each open dialog starts in', () => {
  it('is the folder a file of that kind was last chosen from, at the next launch too', () => {
    const home = tempFolder()
    const season = path.join(home, 'Season 3')
    const transcripts = path.join(home, 'Transcripts')
    for (const folder of [season, transcripts]) fs.mkdirSync(folder)
    const kept = path.join(home, 'data', 'dialog-folders.json')

    const first = new DialogFolders(kept)
    expect(first.folderFor('media')).toBeUndefined()
    first.chose('media', path.join(season, 'episode 12.mp4'))
    first.chose('transcript', path.join(transcripts, 'episode 12.vtt'))

    // A new launch reads what the last one kept, each kind on its own.
    const next = new DialogFolders(kept)
    expect(next.folderFor('media')).toBe(season)
    expect(next.folderFor('transcript')).toBe(transcripts)
    expect(next.folderFor('episode')).toBeUndefined()
  })

  it('starts where the system puts it when the folder is gone or the kept file is damaged', () => {
    const home = tempFolder()
    const gone = path.join(home, 'Unplugged disk')
    fs.mkdirSync(gone)
    const kept = path.join(home, 'dialog-folders.json')
    new DialogFolders(kept).chose('media', path.join(gone, 'a.mp3'))
    fs.rmSync(gone, { recursive: true })
    expect(new DialogFolders(kept).folderFor('media')).toBeUndefined()
    fs.writeFileSync(kept, '{ not json')
    expect(new DialogFolders(kept).folderFor('media')).toBeUndefined()
  })
})
