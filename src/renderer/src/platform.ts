import type { MethodName, RequestOf, ResponseOf } from '../../shared/contract'
import { refusalOf, type FileKind } from '../../shared/fileKinds'
import type { Reply } from '../../shared/result'
import { VIEW_BASE_HEADER, ViewReceiver } from '../../shared/viewDelta'
import { fetchHost } from './hostAnswers'
import { pageIsLeaving, sendWhileLeaving, track } from './pendingText'
import { pageScope } from './scope'
import { SocketClient, SocketUnavailable } from './socketClient'

export interface ChosenFile {
  ref: string
  name: string
}

/**
 * Where the renderer runs: inside Electron (through the preload's object) or in a browser served by
 * the local host (through HTTP). Components see only this interface.
 */
export interface Platform {
  kind: 'desktop' | 'browser'
  call<K extends MethodName>(method: K, request: RequestOf<K>): Promise<Reply<ResponseOf<K>>>
  mediaUrl(episodeId: string): string
  peaksUrl(episodeId: string, level: 'full' | 'overview'): string
  /**
   * Turns a file the user picked or dropped for `kind` into a handle the core accepts; a plainly wrong
   * file (by its name and size) is refused first, before any of it is uploaded.
   */
  adoptFile(file: File, kind: FileKind): Promise<ChosenFile>
  /** Desktop: the native dialog. Browser: null, the page shows a file input instead. */
  chooseFile: ((kind: FileKind) => Promise<ChosenFile | null>) | null
  /**
   * Desktop: the native folder dialog, answering a handle to write there. Browser: null, a page cannot
   * name a folder (the core writes beside the library instead).
   */
  chooseFolder: (() => Promise<ChosenFile | null>) | null
  saveText(fileName: string, text: string): Promise<void>
  /**
   * Desktop: shows the episode's media file in the system's file manager, answering why it could not
   * (null when shown). Browser: null, a page cannot open the file manager, so the action is hidden.
   */
  showMediaInFolder: ((episodeId: string) => Promise<string | null>) | null
  onMenuCommand(listener: (command: string, byKey: boolean) => void): () => void
}

/** Throws, naming why, when a file cannot be what it was picked for (see shared/fileKinds.ts). */
function refuseWrongFile(file: File, kind: FileKind): void {
  const refusal = refusalOf(kind, file.name, file.size)
  if (refusal) throw new Error(refusal)
}

/** The episode views this window holds; replies carry only what changed since the newest. */
const views = new ViewReceiver()

/** A reply as the caller sees it: views whole, rebuilt from what the core sent. */
function received<T>(method: MethodName, reply: Reply<unknown>): Reply<T> {
  return reply.ok ? { ok: true, value: views.decode(method, reply.value) as T } : reply
}

function desktopPlatform(api: NonNullable<Window['episcore']>): Platform {
  return {
    kind: 'desktop',
    call: async (method, request) => received(method, await track(api.call(method, request, views.base()))),
    mediaUrl: (id) => `episcore-media://media/${encodeURIComponent(id)}`,
    peaksUrl: (id, level) => `episcore-media://peaks/${encodeURIComponent(id)}?level=${level}`,
    adoptFile: async (file, kind) => {
      refuseWrongFile(file, kind)
      const chosen = await api.registerDroppedFile(file)
      if (!chosen) throw new Error(`${file.name} cannot be read`)
      return chosen
    },
    chooseFile: (kind) => api.chooseFile(kind),
    chooseFolder: () => api.chooseFolder(),
    saveText: async (fileName, text) => {
      await api.saveText(fileName, text)
    },
    showMediaInFolder: (episodeId) => api.showMediaInFolder(episodeId),
    onMenuCommand: (listener) => api.onMenuCommand(listener),
  }
}

function browserPlatform(): Platform {
  const socket = new SocketClient()
  return {
    kind: 'browser',
    call: async (method, request) => {
      if (pageIsLeaving()) {
        // No answer can come back to a page going away (see pendingText.ts).
        sendWhileLeaving(method, request)
        return { ok: false, error: { code: 'internal', message: 'the page is closing' } }
      }
      try {
        return received(method, await track(socket.call(method, request, views.base())))
      } catch (error) {
        if (!(error instanceof SocketUnavailable)) throw error
      }
      const reply = await track(
        fetchHost<unknown>(`/api/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [VIEW_BASE_HEADER]: views.base() ?? '' },
          body: JSON.stringify(request),
        }),
      )
      return received(method, reply)
    },
    mediaUrl: (id) => `/media/${encodeURIComponent(id)}`,
    peaksUrl: (id, level) => `/peaks/${encodeURIComponent(id)}?level=${level}`,
    adoptFile: async (file, kind) => {
      refuseWrongFile(file, kind)
      const query = `name=${encodeURIComponent(file.name)}&kind=${kind}`
      const reply = await fetchHost<ChosenFile>(`/upload?${query}`, {
        method: 'POST',
        body: file,
      })
      if (!reply.ok) throw new Error(reply.error.message)
      return reply.value
    },
    chooseFile: null,
    chooseFolder: null,
    saveText: async (fileName, text) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      link.click()
      // The download reads the blob after this task ends.
      pageScope.timeout(() => URL.revokeObjectURL(url), 10_000)
    },
    showMediaInFolder: null,
    onMenuCommand: () => () => undefined,
  }
}

export const platform: Platform = window.episcore ? desktopPlatform(window.episcore) : browserPlatform()

/** A refusal of the core: its message, and its code for a screen that answers one kind of refusal. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
  }
}

/** The core's code of a failed call; null for a failure that is not the core's refusal. */
export const refusalCode = (error: unknown): string | null => (error instanceof CallError ? error.code : null)

/** Calls the core and unwraps the reply; a failure becomes an Error carrying the core's message and code. */
export async function call<K extends MethodName>(method: K, request: RequestOf<K>): Promise<ResponseOf<K>> {
  const reply = await platform.call(method, request)
  if (!reply.ok) throw new CallError(reply.error.message, reply.error.code)
  return reply.value
}
