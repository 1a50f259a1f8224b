import { describe, expect, it } from 'vitest'
import { accelerator, COMMANDS, formatShortcut, menuItems, type MenuEntry } from '../../src/shared/commands'

const entries = (menu: Parameters<typeof menuItems>[0]): MenuEntry[] =>
  menuItems(menu).flatMap((item) => ('submenu' in item ? item.items : [item]))

describe('the declared commands', () => {
  it('give every shortcut to one command only', () => {
    const owners = new Map<string, string>()
    for (const [id, command] of Object.entries(COMMANDS))
      for (const shortcut of (command as { shortcuts?: readonly string[] }).shortcuts ?? []) {
        expect(owners.get(shortcut), `${shortcut} of ${id}`).toBeUndefined()
        owners.set(shortcut, id)
      }
  })

  it('build the native menu: declared labels, accelerators and submenus, in declaration order', () => {
    const file = menuItems('File')
    expect(file.map((i) => ('submenu' in i ? i.submenu : i.label))).toEqual([
      'New Episode from Media…',
      'Open…',
      'Import Transcript…',
      'Export Episode JSON…',
      'Export Transcript',
      'Export for Publishing',
      'Publish…',
      'Submit to the Desk…',
      'Desk…',
    ])
    expect(entries('File').find((e) => e.id === 'file.publish')).toMatchObject({
      accelerator: 'Shift+CmdOrCtrl+P',
      registerAccelerator: true,
    })
    expect(entries('Edit').map((e) => [e.id, e.accelerator])).toEqual([
      ['edit.undo', 'CmdOrCtrl+Z'],
      ['edit.redo', 'Shift+CmdOrCtrl+Z'],
      // Citing works inside the reasoning and why fields, so the menu's accelerator is registered.
      ['evidence.cite', 'Shift+CmdOrCtrl+E'],
      ['codebook.addAnchor', 'Shift+D'],
    ])
    // Shift+D types a capital D in a field: shown in the menu, left to the page.
    expect(entries('Edit').find((e) => e.id === 'codebook.addAnchor')).toMatchObject({
      registerAccelerator: false,
    })
    // A plain key is shown in the menu but left to the page, so a text field keeps it.
    expect(entries('Help').find((e) => e.id === 'help.shortcuts')).toMatchObject({
      accelerator: '?',
      registerAccelerator: false,
    })
    expect(entries('Playback').find((e) => e.id === 'playback.goTo')?.accelerator).toBe('CmdOrCtrl+G')
  })

  it('write shortcuts the platform’s way', () => {
    expect(formatShortcut('Shift+Mod+Z', false)).toBe('Shift+Ctrl+Z')
    expect(formatShortcut('Shift+Mod+Z', true)).toBe('⇧⌘Z')
    expect(formatShortcut('Alt+ArrowLeft', false)).toBe('Alt+←')
    expect(formatShortcut('Shift+[', false)).toBe('Shift+[')
    expect(accelerator('Space')).toBe('Space')
    expect(accelerator('+')).toBe('Plus')
  })
})
