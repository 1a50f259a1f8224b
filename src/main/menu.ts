import { Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron'
import { CHANNELS } from './channels'

export interface MenuOptions {
  /** A packaged app has no reload and no developer tools. */
  packaged: boolean
}

/**
 * The native menu: each item sends the renderer the same command its toolbar and keys dispatch. Whether
 * a key (rather than a click) chose it goes along: the page then applies the rules its own keys follow,
 * so a shortcut typed into a text field or an open dialog stays there.
 */
export function buildMenu(getWindow: () => BrowserWindow | null, options: MenuOptions): Menu {
  const send =
    (command: string) =>
    (_item: unknown, _window: unknown, event: { triggeredByAccelerator?: boolean }): void =>
      getWindow()?.webContents.send(CHANNELS.menuCommand, command, event.triggeredByAccelerator === true)
  const isMac = process.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Episode from Media…', accelerator: 'CmdOrCtrl+N', click: send('file.new') },
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: send('file.open') },
        { label: 'Import Transcript…', accelerator: 'CmdOrCtrl+I', click: send('file.importTranscript') },
        { type: 'separator' },
        { label: 'Export Episode JSON…', accelerator: 'CmdOrCtrl+E', click: send('file.export') },
        {
          label: 'Export Transcript',
          submenu: [
            { label: 'WebVTT…', click: send('file.exportTranscript.vtt') },
            { label: 'SRT Captions…', click: send('file.exportTranscript.srt') },
            { label: 'Podcasting 2.0 JSON…', click: send('file.exportTranscript.podcast-json') },
          ],
        },
        {
          label: 'Export for Publishing',
          submenu: [
            { label: 'Web Page (HTML)…', click: send('file.export.html') },
            { label: 'Chapters for Podcast Apps…', click: send('file.export.chapters') },
            { label: 'Chapters for YouTube…', click: send('file.export.youtube') },
            { label: 'Chapters as WebVTT…', click: send('file.export.vtt-chapters') },
            { label: 'Scores as CSV…', click: send('file.export.csv') },
          ],
        },
        { label: 'Publish…', accelerator: 'Shift+CmdOrCtrl+E', click: send('file.publish') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        // Undo/redo go to the episode's history in SQLite, not to the focused text field's.
        { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: send('edit.undo') },
        { label: 'Redo', accelerator: 'Shift+CmdOrCtrl+Z', click: send('edit.redo') },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...(options.packaged
          ? []
          : [
              { role: 'reload' as const },
              { role: 'toggleDevTools' as const },
              { type: 'separator' as const },
            ]),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'help',
      submenu: [
        { label: 'Keyboard Shortcuts', accelerator: '?', click: send('help.shortcuts') },
        { label: 'Restore from Backup…', click: send('help.restoreBackup') },
        { role: 'about' },
      ],
    },
  ]
  return Menu.buildFromTemplate(template)
}
