import fs from 'node:fs'
import path from 'node:path'

/**
 * The folder each kind of file was last chosen from, kept across launches in the app's data folder.
 * Electron's dialogs open in the Downloads folder whenever no `defaultPath` is given (docs/api/
 * dialog.md: "If not provided, the dialog will default to the user's Downloads folder"), so without
 * this every import of a season's episodes starts from Downloads again.
 */
export class DialogFolders {
  private folders: Record<string, string> = {}

  constructor(private readonly file: string) {
    try {
      const read = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
      if (typeof read === 'object' && read !== null)
        for (const [kind, folder] of Object.entries(read))
          if (typeof folder === 'string' && path.isAbsolute(folder)) this.folders[kind] = folder
    } catch {
      // None kept yet, or unreadable: the dialogs start where the system puts them.
    }
  }

  /** The folder to open a dialog for `kind` in, when it still exists. */
  folderFor(kind: string): string | undefined {
    const folder = this.folders[kind]
    return folder && fs.existsSync(folder) ? folder : undefined
  }

  /** Remembers the folder of a file just chosen for `kind`. */
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
