import { useCallback } from 'react'
import { platform } from '../platform'
import type { Edit } from './editorPanelProps'
import { exportFile, isReadExport, type ExportChoice } from './exportFile'

/**
 * Writing the episode out. The publishing formats go through the edit path, since their reply carries
 * the view (a final export makes the episode final, which Undo takes back); the rest only read.
 */
export function useExports(
  id: string,
  edit: Edit,
  report: {
    notify: (notice: string) => void
    error: (message: string) => void
    /** Publishing was refused: the screen lists what blocks it. */
    refused: (message: string) => void
  },
): (choice: ExportChoice) => Promise<boolean> {
  const { notify, error, refused } = report
  return useCallback(
    async (choice: ExportChoice) => {
      try {
        const file = isReadExport(choice)
          ? await exportFile(id, choice)
          : await edit(
              'episodes.exportAs',
              {
                id,
                format: choice === 'publish' ? 'episode' : choice,
                ...(choice === 'publish' && { final: true }),
              },
              choice === 'publish' ? { onRefused: refused } : undefined,
            )
        if (!file) return false
        await platform.saveText(file.fileName, file.text)
        notify(`${choice === 'publish' ? 'Published' : 'Exported'} ${file.fileName}`)
        return true
      } catch (e) {
        error((e as Error).message)
        return false
      }
    },
    [id, edit, notify, error, refused],
  )
}
