import path from 'node:path'
import type { FileKind } from '../preload/api'
import { isViewVersion } from '../shared/viewDelta'

/*
 * What each IPC channel accepts from the renderer, checked before the main process acts on it. A
 * compromised page can send anything the structured clone carries, with any number of arguments: each
 * check below names the exact shape the preload sends and refuses everything else (null). Kept free of
 * Electron so that it is tested as it runs.
 */

const FILE_KINDS: ReadonlySet<string> = new Set<FileKind>(['media', 'transcript', 'episode', 'codebook'])
/** Longer than any method of the contract: a longer name is not one, and is not echoed back. */
const MAX_METHOD_LENGTH = 100
/** PATH_MAX on Linux; Windows' long paths stay under it too. */
const MAX_PATH_LENGTH = 4096
/** Far above any export (a three-hour transcript as HTML is a few megabytes); a bound on what is written. */
export const MAX_SAVE_TEXT_LENGTH = 256 * 1024 * 1024
const MAX_FILE_NAME_LENGTH = 255

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/**
 * `call(method, request, viewBase)`. The request is the contract's to check, at the core's door
 * (dispatch), which refuses unknown fields and paths where file handles belong; here only the envelope
 * is checked. `viewBase` names the episode view the window holds (null: none yet), see ViewSender.
 */
export function callPayload(
  args: readonly unknown[],
): { method: string; request: unknown; viewBase: string | null } | null {
  if (args.length < 1 || args.length > 3) return null
  const [method, request, viewBase = null] = args
  if (typeof method !== 'string' || method.length === 0 || method.length > MAX_METHOD_LENGTH) return null
  if (viewBase !== null && !isViewVersion(viewBase)) return null
  return { method, request, viewBase }
}

/** `chooseFile(kind)`: which dialog to show; the renderer gets a handle back, never the path. */
export function chooseFilePayload(args: readonly unknown[]): FileKind | null {
  if (args.length !== 1) return null
  const [kind] = args
  return typeof kind === 'string' && FILE_KINDS.has(kind) ? (kind as FileKind) : null
}

/**
 * `registerDropped(path)`: the one path that crosses, read by the preload from a File the user dropped
 * (webUtils.getPathForFile). Page scripts cannot reach ipcRenderer (context isolation) and a File they
 * build has no path, so what arrives is a file the user chose; it must still look like one.
 */
export function droppedFilePayload(args: readonly unknown[]): string | null {
  if (args.length !== 1) return null
  const [file] = args
  if (typeof file !== 'string' || file.length === 0 || file.length > MAX_PATH_LENGTH) return null
  if (CONTROL_CHARACTERS.test(file) || !path.isAbsolute(file)) return null
  return path.normalize(file)
}

/**
 * `showMediaInFolder(episodeId)`: an id as the contract bounds them; the core then says where that
 * episode's media is, so the page never names a path to reveal.
 */
export function episodeIdPayload(args: readonly unknown[]): string | null {
  if (args.length !== 1) return null
  const [id] = args
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null
  return id
}

/**
 * `saveText(defaultName, text)`: the save dialog's suggested name and what to write. The name is cut
 * to its last part, whichever separator it uses, so the page cannot choose the folder; the user does.
 */
export function saveTextPayload(args: readonly unknown[]): { defaultName: string; text: string } | null {
  if (args.length !== 2) return null
  const [defaultName, text] = args
  if (typeof defaultName !== 'string' || typeof text !== 'string') return null
  if (text.length > MAX_SAVE_TEXT_LENGTH) return null
  const name = (defaultName.split(/[/\\]/).pop() ?? '').trim()
  if (name === '' || name === '.' || name === '..' || name.length > MAX_FILE_NAME_LENGTH) return null
  if (CONTROL_CHARACTERS.test(name)) return null
  return { defaultName: name, text }
}
