import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import type { DesktopApi } from './api'
import { CHANNELS } from '../main/channels'

const api = {
  call: (method, request, viewBase) => ipcRenderer.invoke(CHANNELS.call, method, request, viewBase),
  chooseFile: (kind) => ipcRenderer.invoke(CHANNELS.chooseFile, kind),
  chooseFolder: () => ipcRenderer.invoke(CHANNELS.chooseFolder),
  registerDroppedFile: (file) => {
    // The path is read here, in the preload, from a real dropped File; the renderer never sees it.
    const path = webUtils.getPathForFile(file)
    return path ? ipcRenderer.invoke(CHANNELS.registerDropped, path) : Promise.resolve(null)
  },
  saveText: (defaultName, text) => ipcRenderer.invoke(CHANNELS.saveText, defaultName, text),
  showMediaInFolder: (episodeId) => ipcRenderer.invoke(CHANNELS.showMediaInFolder, episodeId),
  onMenuCommand: (listener) => {
    const wrapped = (_event: IpcRendererEvent, command: string, byKey: boolean): void =>
      listener(command, byKey === true)
    ipcRenderer.on(CHANNELS.menuCommand, wrapped)
    // Commands chosen while no window was open wait in the main process for this.
    void ipcRenderer.invoke(CHANNELS.menuReady)
    return () => ipcRenderer.removeListener(CHANNELS.menuCommand, wrapped)
  },
  onCommitPending: (commit) => {
    const wrapped = (): void => {
      void commit()
        .catch(() => undefined)
        .then(() => ipcRenderer.invoke(CHANNELS.pendingCommitted))
    }
    ipcRenderer.on(CHANNELS.commitPending, wrapped)
    return () => ipcRenderer.removeListener(CHANNELS.commitPending, wrapped)
  },
} satisfies DesktopApi

contextBridge.exposeInMainWorld('episcore', api)
