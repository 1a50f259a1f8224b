import fs from 'node:fs'
import path from 'node:path'

/**
 * How long a remembered folder may take to be found before its dialog opens without it. A folder on
 * a network share that is not reachable can keep a stat waiting for minutes, and the main process
 * must never wait for one: every window waits with it.
 */
export const FOLDER_CHECK_MS = 400

/** Answers what `fs.promises.stat` answers; the tests give an unreachable share's, which never does. */
export type StatPath = (file: string) => Promise<fs.Stats>

/**
 * Whether `file` is there and what it is, asked without blocking: `'no answer'` when its disk or share
 * does not answer within `ms`. One question per path at a time: a path that does not answer is not
 * asked again until it does, so a dead share cannot take every thread of libuv's pool.
 */
export class PathChecks {
  private readonly asking = new Map<string, Promise<fs.Stats | null>>()

  constructor(private readonly stat: StatPath = (file) => fs.promises.stat(file)) {}

  check(file: string, ms = FOLDER_CHECK_MS): Promise<fs.Stats | null | 'no answer'> {
    let asked = this.asking.get(file)
    if (!asked) {
      asked = this.stat(file).then(
        (stats) => stats,
        () => null,
      )
      this.asking.set(file, asked)
      void asked.finally(() => this.asking.delete(file))
    }
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)))
    return Promise.race([asked, late]).finally(() => clearTimeout(timer))
  }
}

/**
 * The folder each kind of file was last chosen from, kept across launches in the app's data folder.
 * Electron's dialogs open in the Downloads folder whenever no `defaultPath` is given (docs/api/
 * dialog.md: "If not provided, the dialog will default to the user's Downloads folder"), so without
 * this every import of a season's episodes starts from Downloads again.
 */
export class DialogFolders {
  private folders: Record<string, string> = {}

  /** `file` is in the app's own data folder, on a local disk: read and written as the app starts and as files are chosen. */
  constructor(
    private readonly file: string,
    private readonly paths = new PathChecks(),
  ) {
    try {
      const read = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
      if (typeof read === 'object' && read !== null)
        for (const [kind, folder] of Object.entries(read))
          if (typeof folder === 'string' && path.isAbsolute(folder)) this.folders[kind] = folder
    } catch {
      // None kept yet, or unreadable: the dialogs start where the system puts them.
    }
  }

  /**
   * The folder to open a dialog for `kind` in, when it is still a folder; none (the system's choice)
   * when it is gone or does not answer in time.
   */
  async folderFor(kind: string): Promise<string | undefined> {
    const folder = this.folders[kind]
    if (!folder) return undefined
    const found = await this.paths.check(folder)
    return found !== null && found !== 'no answer' && found.isDirectory() ? folder : undefined
  }

  /** Remembers the folder of a file just chosen for `kind` (for a folder chosen, the folder it is in). */
  chose(kind: string, file: string): void {
    const folder = path.dirname(path.resolve(file))
    if (this.folders[kind] === folder) return
    this.folders[kind] = folder
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true })
      fs.writeFileSync(this.file, JSON.stringify(this.folders, null, 2))
    } catch {
      // Not kept for the next launch; this one still remembers.
    }
  }
}
