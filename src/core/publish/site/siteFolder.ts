import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../../errors'

/** The names a web page export writes; nothing else may be in a folder it writes into. */
const SITE_FILE =
  /^(index\.html|episode\.json|chapters\.json|captions\.vtt|transcript\.json|media\.[a-z0-9]{1,8})$/
/** A file being written by an export that did not finish (a crash, a failed copy). */
const PARTIAL = /^\.episcore-partial-/
/**
 * What file managers leave in a folder they have shown: Finder's `.DS_Store`, `._*` (a file's
 * metadata on a disk without it) and `.localized`, Windows Explorer's `Thumbs.db` and `desktop.ini`,
 * KDE Dolphin's `.directory`. Hidden, so an editor could not see what was in the way: neither foreign
 * nor the export's own, never removed.
 */
const FILE_MANAGER = /^(\.DS_Store|\._.*|\.localized|Thumbs\.db|desktop\.ini|\.directory)$/i

/** Files named in a refusal; the rest are counted. */
const NAMED = 5

/**
 * Checks that `folder` may take a web page export of `episodeId`: absent, empty, or holding only an
 * earlier site export of the same episode (its episode.json names the id). Anything else is refused
 * before a byte is written, naming what is in the way.
 */
export function checkSiteFolder(folder: string, episodeId: string): void {
  let stat: fs.Stats
  try {
    stat = fs.statSync(folder)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    if (code === 'ENOENT' || code === 'ENOTDIR') return checkMadeFolder(folder)
    throw new UserError('invalid-input', `cannot write ${folder}: ${message}; nothing was written`)
  }
  if (!stat.isDirectory())
    throw new UserError('invalid-input', `${folder} is a file, not a folder; nothing was written`)
  const entries = fs.readdirSync(folder).filter((name) => !PARTIAL.test(name) && !FILE_MANAGER.test(name))
  if (entries.length === 0) return
  const foreign = entries.filter((name) => !SITE_FILE.test(name))
  if (foreign.length > 0) {
    const more = foreign.length > NAMED ? ` and ${foreign.length - NAMED} more` : ''
    throw new UserError(
      'conflict',
      `${folder} holds files that are not a web page export of this episode (${foreign.slice(0, NAMED).join(', ')}${more}); choose an empty folder, nothing was written`,
    )
  }
  if (exportedId(path.join(folder, 'episode.json')) !== episodeId)
    throw new UserError(
      'conflict',
      `${folder} holds a web page export of another episode (its episode.json is not "${episodeId}"); choose an empty folder, nothing was written`,
    )
}

/**
 * A folder the export will make: the nearest part of its path that exists must be a folder. A file there
 * (`notes.txt/site`) is said as a file named as the folder is, before anything is made.
 */
function checkMadeFolder(folder: string): void {
  for (let at = path.dirname(folder); ; at = path.dirname(at)) {
    let stat: fs.Stats | null = null
    try {
      stat = fs.statSync(at)
    } catch {
      // Not there either: made with the folder.
    }
    if (stat && !stat.isDirectory())
      throw new UserError(
        'invalid-input',
        `${at} is a file, not a folder (on the way to ${folder}); nothing was written`,
      )
    if (stat || at === path.dirname(at)) return
  }
}

function exportedId(file: string): string | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { episode?: { id?: unknown } }
    return typeof parsed.episode?.id === 'string' ? parsed.episode.id : null
  } catch {
    return null
  }
}

/**
 * Makes a folder and the folders on the way to it, one level at a time. Node's recursive mkdir loops
 * for ever where the system answers "not there" for a folder under one that is (a path under /proc):
 * here each level is made once, and one that cannot be made is said in one line.
 */
function makeFolders(folder: string): void {
  const missing: string[] = []
  for (let at = path.resolve(folder); !fs.existsSync(at); at = path.dirname(at)) {
    missing.unshift(at)
    if (at === path.dirname(at)) break
  }
  for (const at of missing)
    try {
      fs.mkdirSync(at)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue
      throw new UserError(
        'invalid-input',
        `cannot make the folder ${at} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written`,
      )
    }
}

/**
 * The files of one export, each first written under a partial name: only when all are written are they
 * renamed into place, and the files of an earlier export that this one does not write removed. A
 * failure before that leaves the folder as it was.
 */
export class SiteWriter {
  private readonly staged = new Map<string, string>()
  private readonly existed: boolean
  constructor(readonly folder: string) {
    this.existed = fs.existsSync(folder)
  }

  /** A partial path for `name`, to be filled by the caller (a copy, ffmpeg). */
  stage(name: string): string {
    makeFolders(this.folder)
    const partial = path.join(this.folder, `.episcore-partial-${process.pid}-${name}`)
    this.staged.set(name, partial)
    return partial
  }

  write(name: string, text: string): void {
    fs.writeFileSync(this.stage(name), text)
  }

  /** Renames every staged file into place and removes the earlier export's other files. */
  commit(): string[] {
    const names = [...this.staged.keys()]
    for (const [name, partial] of this.staged) fs.renameSync(partial, path.join(this.folder, name))
    for (const name of fs.readdirSync(this.folder))
      if ((SITE_FILE.test(name) && !this.staged.has(name)) || PARTIAL.test(name))
        fs.rmSync(path.join(this.folder, name), { force: true })
    this.staged.clear()
    return names
  }

  /** Removes what was staged: the folder is left as it was. */
  abandon(): void {
    for (const partial of this.staged.values()) fs.rmSync(partial, { force: true })
    this.staged.clear()
    if (!this.existed) fs.rmSync(this.folder, { recursive: true, force: true })
  }
}
