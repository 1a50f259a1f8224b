import { Menu, type MenuItemConstructorOptions } from 'electron'
import { menuItems, type MenuEntry, type MenuName } from '../shared/commands'

export interface MenuOptions {
  /** A packaged app has no reload and no developer tools. */
  packaged: boolean
}

/**
 * The native menu: each item sends the renderer the same command its toolbar and keys dispatch. Whether
 * a key (rather than a click) chose it goes along: the page then applies the rules its own keys follow,
 * so a shortcut typed into a text field or an open dialog stays there.
 */
/**
 * Sends a menu command to the window's page; with no window open (macOS keeps the app running) the
 * window is opened again and the command waits until its page listens (see CHANNELS.menuReady).
 */
export type MenuDelivery = (command: string, byKey: boolean) => void

export function buildMenu(deliver: MenuDelivery, options: MenuOptions): Menu {
  return Menu.buildFromTemplate(menuTemplate(deliver, options))
}

/** The template `buildMenu` builds: every command item comes from the declarations in src/shared/commands. */
export function menuTemplate(
  deliver: MenuDelivery,
  options: MenuOptions & { platform?: NodeJS.Platform },
): MenuItemConstructorOptions[] {
  const send =
    (command: string) =>
    (_item: unknown, _window: unknown, event: { triggeredByAccelerator?: boolean }): void =>
      deliver(command, event.triggeredByAccelerator === true)
  const isMac = (options.platform ?? process.platform) === 'darwin'
  // macOS registers every accelerator it shows: a plain key (Space, +) would be taken from a text field,
  // so there only the Mod shortcuts are shown; elsewhere plain keys are shown but left to the page.
  const item = (entry: MenuEntry): MenuItemConstructorOptions => ({
    label: entry.label,
    ...(entry.accelerator !== undefined &&
      (entry.registerAccelerator || !isMac) && {
        accelerator: entry.accelerator,
        registerAccelerator: entry.registerAccelerator,
      }),
    click: send(entry.id),
  })
  const declared = (menu: MenuName): MenuItemConstructorOptions[] =>
    menuItems(menu).flatMap((entry): MenuItemConstructorOptions[] => [
      ...(entry.separatorBefore ? [{ type: 'separator' as const }] : []),
      'submenu' in entry ? { label: entry.submenu, submenu: entry.items.map(item) } : item(entry),
    ])
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [...declared('File'), { type: 'separator' }, isMac ? { role: 'close' } : { role: 'quit' }],
    },
    {
      label: 'Edit',
      // Undo/redo go to the episode's history in SQLite, not to the focused text field's.
      submenu: [
        ...declared('Edit'),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'Playback', submenu: declared('Playback') },
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
    { role: 'help', submenu: [...declared('Help'), { role: 'about' }] },
  ]
}
