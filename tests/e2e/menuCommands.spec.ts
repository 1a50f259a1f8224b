import type { Page } from '@playwright/test'
import { VIEW_BASE_HEADER } from '../../src/shared/viewDelta'
import { expect, test } from './hostFixture'

/*
 * Native-menu commands as the desktop page receives them. The page runs with a stand-in for the
 * preload's object (the same six functions, the contract answered by the host), so that the renderer
 * takes its desktop path; the test then sends menu commands as the main process does, chosen by a
 * shortcut or by a click.
 */

async function openAsDesktop(page: Page, url: string): Promise<void> {
  await page.addInitScript((viewHeader) => {
    const listeners = new Set<(command: string, byKey: boolean) => void>()
    const episcore = {
      call: async (method: string, request: unknown, viewBase: string | null) => {
        const response = await fetch(`/api/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [viewHeader]: viewBase ?? '' },
          body: JSON.stringify(request),
        })
        return response.json()
      },
      chooseFile: () => Promise.resolve(null),
      registerDroppedFile: () => Promise.resolve(null),
      saveText: () => Promise.resolve(true),
      onMenuCommand: (listener: (command: string, byKey: boolean) => void) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      // The window never closes in this test, so nothing asks the page to commit its typed text.
      onCommitPending: () => () => undefined,
    }
    Object.assign(window, {
      episcore,
      sendMenuCommand: (command: string, byKey: boolean) => listeners.forEach((l) => l(command, byKey)),
    })
  }, VIEW_BASE_HEADER)
  await page.goto(url)
  await expect(page.getByRole('heading', { name: 'Episcore' })).toBeVisible()
}

const menu = (page: Page, command: string, byKey: boolean) =>
  page.evaluate(
    ([c, k]) => (window as unknown as { sendMenuCommand(c: string, k: boolean): void }).sendMenuCommand(c, k),
    [command, byKey] as const,
  )

test('a menu shortcut typed into a field or an open dialog stays there; the same command clicked runs', async ({
  page,
  served,
}) => {
  await openAsDesktop(page, served.host.url)
  const form = page.getByRole('form', { name: 'New episode' })

  // Nothing has the keyboard: the shortcut runs the command.
  await menu(page, 'file.new', true)
  await expect(form).toBeVisible()

  // Typing in the title: a shortcut belongs to the field (here `?` or Ctrl+E would be typed), clicks run.
  const title = form.getByPlaceholder('from the file name')
  await title.click()
  await page.keyboard.type('Talk')
  await menu(page, 'help.restoreBackup', true)
  const restore = page.getByRole('dialog', { name: 'Restore from backup' })
  await expect(restore).toBeHidden()
  await expect(title).toBeFocused()

  // Undo chosen by its shortcut in a field undoes the typing, as the platform's editors do.
  await menu(page, 'edit.undo', true)
  await expect(title).toHaveValue('')
  await menu(page, 'edit.redo', true)
  await expect(title).toHaveValue('Talk')

  // An open dialog has the keyboard: a shortcut does not reach the screen behind it; a click does.
  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(form).toBeHidden()
  await menu(page, 'help.restoreBackup', false)
  await expect(restore).toBeVisible()
  await menu(page, 'file.new', true)
  await expect(form).toBeHidden()
  await menu(page, 'file.new', false)
  await expect(form).toBeVisible()
})
