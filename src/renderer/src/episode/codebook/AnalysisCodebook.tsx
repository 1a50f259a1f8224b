import { createContext, useContext, useEffect, useMemo, useState } from 'react'
import { levelFor, type CodebookVersion, type LevelDescriptor } from '../../../../shared/codebook'
import type { ChapterView, AnalysisCodebook as Standing, EpisodeView } from '../../../../shared/contract'
import { call } from '../../platform'
import './codebook.css'

/** What the editor knows of the analysis's codebook: the scorers' descriptors, definitions and the move. */
export interface CodebookHere {
  /** Where the analysis stands with its show's codebook; null until known (or with none to ask). */
  standing: Standing | null
  /** The version its scores were given under, with its descriptors; null without one. */
  version: CodebookVersion | null
  /** The descriptor of a score on a dimension, or null where none describes it. */
  levelOf: (dimension: string, score: number | null) => LevelDescriptor | null
}

const NONE: CodebookHere = {
  standing: null,
  version: null,
  levelOf: () => null,
}

const Context = createContext<CodebookHere>(NONE)

export const useCodebookHere = (): CodebookHere => useContext(Context)

/** Whether a score was given on another scale before a move, and waits to be scored again. */
export const isFlagged = (chapter: ChapterView, dimension: string): boolean =>
  chapter.rescore?.includes(dimension) ?? false

/**
 * Asks where the analysis stands (codebook.ofAnalysis) and reads its stamped version (codebook.get), again
 * after each undo or redo step changes (a move, or its undo, changes the stamp), and gives both below.
 */
export function AnalysisCodebookProvider(props: {
  id: string
  view: EpisodeView
  children: React.ReactNode
}): React.JSX.Element {
  const { id } = props
  const show = props.view.summary.show
  const { undoLabel, redoLabel } = props.view.history
  const [standing, setStanding] = useState<Standing | null>(null)
  const [version, setVersion] = useState<CodebookVersion | null>(null)
  useEffect(() => {
    let current = true
    const read = async (): Promise<void> => {
      const now = await call('codebook.ofAnalysis', { id })
      const stamped =
        now.stamped === null || show === ''
          ? null
          : await call('codebook.get', { show, version: now.stamped })
      if (!current) return
      setStanding(now)
      setVersion(stamped)
    }
    // Without a codebook the editor works as before: nothing to say, so a failure says nothing either.
    read().catch(() => undefined)
    return () => {
      current = false
    }
  }, [id, show, undoLabel, redoLabel])
  const value = useMemo<CodebookHere>(() => {
    const levels = new Map(version?.dimensions.map((d) => [d.key, d.levels]))
    return {
      standing,
      version,
      levelOf: (dimension, score) => (score === null ? null : levelFor(levels.get(dimension) ?? [], score)),
    }
  }, [standing, version])
  return <Context.Provider value={value}>{props.children}</Context.Provider>
}
