import type { MethodName, RequestOf } from '../shared/contract'
import type { Reply } from '../shared/result'

/** What a file is chosen for: the open dialog offers the matching file types. */
export type { FileKind } from '../shared/fileKinds'

/** What the preload exposes to the renderer as `window.episcore`; nothing else crosses. */
export interface DesktopApi {
  /**
   * One method of the contract. `viewBase` names the episode view the window holds (null: none yet); the
   * reply then carries views as ViewSender marks them, for the window's ViewReceiver to rebuild.
   */
  call<K extends MethodName>(
    method: K,
    request: RequestOf<K>,
    viewBase: string | null,
  ): Promise<Reply<unknown>>
  /** Opens the native file dialog; answers a handle (never a path) and the file's name. */
  chooseFile(kind: FileKind): Promise<{ ref: string; name: string } | null>
  /**
   * Opens the native folder dialog (a web page export's folder); answers a handle to write there (never
   * the path) and the folder's name, or null when the user cancels.
   */
  chooseFolder(): Promise<{ ref: string; name: string } | null>
  /** A file dropped on the window, registered by the main process. */
  registerDroppedFile(file: File): Promise<{ ref: string; name: string } | null>
  /** Save dialog, then the main process writes the text. Answers false when the user cancels. */
  saveText(defaultName: string, text: string): Promise<boolean>
  /** Shows the episode's media file in the system's file manager; answers why not, or null when shown. */
  showMediaInFolder(episodeId: string): Promise<string | null>
  /**
   * Menu commands (`file.new`, `edit.undo`, ...) chosen in the native menu; `byKey` when its shortcut
   * chose it rather than a click.
   */
  onMenuCommand(listener: (command: string, byKey: boolean) => void): () => void
  /**
   * The window is about to close (or the app to quit): `commit` saves text typed in a field and not yet
   * committed; the window closes once it settles (or after a bounded wait).
   */
  onCommitPending(commit: () => Promise<void>): () => void
}
