import { useCallback, useEffect, useState } from 'react'
import type { CodebookVersion, CodebookVersionSummary } from '../../../shared/codebook'
import { call } from '../platform'

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))

export type DraftContent = Pick<CodebookVersion, 'scale' | 'dimensions'>

/** The codebook screen's state: the versions, the one shown, the draft being edited, and what was said. */
export interface CodebookScreenState {
  versions: CodebookVersionSummary[] | null
  /** The version on screen: the current one at first, another chosen from the list. */
  shown: CodebookVersion | null
  /** The draft while it is being edited (Edit made or opened it). */
  draft: CodebookVersion | null
  error: string | null
  notice: string | null
  setError: (error: string | null) => void
  setNotice: (notice: string | null) => void
  show: (version: number) => Promise<void>
  edit: () => Promise<void>
  /** Saves the draft's content; answers the core's refusal (naming the scores), or null once saved. */
  save: (content: DraftContent) => Promise<string | null>
  /** Saves and publishes the draft; answers the refusal, or null once published. */
  publish: (content: DraftContent) => Promise<string | null>
  closeDraft: () => void
  reload: () => void
}

export function useCodebookScreen(show: string): CodebookScreenState {
  const [versions, setVersions] = useState<CodebookVersionSummary[] | null>(null)
  const [shown, setShown] = useState<CodebookVersion | null>(null)
  const [draft, setDraft] = useState<CodebookVersion | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  // Read again (the versions and the current one) each time this counts up: after a publish or an import.
  const [reads, setReads] = useState(0)
  useEffect(() => {
    let live = true
    Promise.all([call('codebook.versions', { show }), call('codebook.get', { show })]).then(
      ([list, current]) => {
        if (!live) return
        setVersions(list)
        setShown(current)
      },
      (e: unknown) => live && setError(messageOf(e)),
    )
    return () => {
      live = false
    }
  }, [show, reads])
  const reload = useCallback(() => setReads((n) => n + 1), [])

  const save = async (content: DraftContent): Promise<string | null> => {
    try {
      setDraft(await call('codebook.saveDraft', { show, content }))
      return null
    } catch (e) {
      // Said in the draft, beside what it names, not over the screen's last line.
      return messageOf(e)
    }
  }
  return {
    versions,
    shown,
    draft,
    error,
    notice,
    setError,
    setNotice,
    show: async (version) => {
      try {
        setShown(await call('codebook.get', { show, version }))
      } catch (e) {
        setError(messageOf(e))
      }
    },
    edit: async () => {
      try {
        const made = await call('codebook.draft', { show })
        setDraft(made)
        setVersions(await call('codebook.versions', { show }))
        setNotice(`Editing the draft, version ${made.version}`)
      } catch (e) {
        setError(messageOf(e))
      }
    },
    save: async (content) => {
      const refusal = await save(content)
      if (refusal === null) setNotice('Draft saved')
      return refusal
    },
    publish: async (content) => {
      const refusal = await save(content)
      if (refusal !== null) return refusal
      try {
        const published = await call('codebook.publish', { show })
        setDraft(null)
        reload()
        setNotice(`Version ${published.version} published: new analyses of ${show} are scored under it`)
        return null
      } catch (e) {
        return messageOf(e)
      }
    },
    closeDraft: () => setDraft(null),
    reload,
  }
}
