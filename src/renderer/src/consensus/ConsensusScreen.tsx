import { useCallback, useEffect, useState } from 'react'
import type { ConsensusChoices } from '../../../shared/agreement'
import type { ConsensusItemRequest } from './consensusItem'
import { useCommandKeys, type CommandHandlers } from '../commands/commandRegistry'
import { titleWithShortcut } from '../commands/shortcuts'
import { platform } from '../platform'
import { ConsensusItems } from './ConsensusItems'
import { ConsensusScores } from './ConsensusScores'
import { sourceName } from './sourceName'
import './consensus.css'

interface History {
  canUndo: boolean
  canRedo: boolean
}

/**
 * Building a consensus: the consensus analysis beside what each of its sources offers, chapter by
 * chapter and score by score, and each source's statements and highlights; every choice taken is one
 * edit of the consensus, undone as any edit is. The result is an analysis like any other (open it in
 * the editor, export it).
 */
export function ConsensusScreen({
  id,
  onOpenEditor,
  onClose,
}: {
  id: string
  onOpenEditor: () => void
  onClose: () => void
}): React.JSX.Element {
  const [choices, setChoices] = useState<ConsensusChoices | null>(null)
  const [history, setHistory] = useState<History>({ canUndo: false, canRedo: false })
  const [error, setError] = useState<string | null>(null)
  // Read again after every change: the choices follow what the consensus now holds.
  const [reads, setReads] = useState(0)
  useEffect(() => {
    let current = true
    void platform.call('consensus.choices', { id }).then((reply) => {
      if (!current) return
      if (reply.ok) setChoices(reply.value)
      else setError(reply.error.message)
    })
    return () => {
      current = false
    }
  }, [id, reads])
  useEffect(() => {
    void platform.call('episodes.open', { id }).then((reply) => reply.ok && setHistory(reply.value.history))
  }, [id])

  /** Every change answers the consensus's view (its history) and then the choices are read again. */
  const change = useCallback(
    async (
      run: () => Promise<
        { ok: true; value: { view: { history: History } } } | { ok: false; error: { message: string } }
      >,
    ) => {
      const reply = await run()
      if (!reply.ok) return setError(reply.error.message)
      setError(null)
      setHistory(reply.value.view.history)
      setReads((n) => n + 1)
    },
    [],
  )
  const take = (from: string, item: ConsensusItemRequest): Promise<void> =>
    change(() => platform.call('consensus.take', { id, from, item }))
  const type = (chapterId: string, dimension: string, value: number | null): Promise<void> =>
    change(() => platform.call('scores.set', { id, chapterId, dimension, value }))
  const undo = (): Promise<void> => change(() => platform.call('history.undo', { id }))
  const redo = (): Promise<void> => change(() => platform.call('history.redo', { id }))

  const handlers: CommandHandlers<History> = {
    'edit.undo': { enabled: (h) => h.canUndo, perform: () => void undo() },
    'edit.redo': { enabled: (h) => h.canRedo, perform: () => void redo() },
  }
  useCommandKeys(handlers, history)

  return (
    <main className="consensus-screen">
      <header className="consensus-header">
        <button type="button" onClick={onClose}>
          ← Library
        </button>
        <h1>{choices ? `Consensus of ${choices.sources.length} analyses` : 'Consensus'}</h1>
        <button
          type="button"
          onClick={() => void undo()}
          disabled={!history.canUndo}
          title={titleWithShortcut('Undo', 'edit.undo')}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={() => void redo()}
          disabled={!history.canRedo}
          title={titleWithShortcut('Redo', 'edit.redo')}
        >
          Redo
        </button>
        <button type="button" className="primary" onClick={onOpenEditor}>
          Open in the editor
        </button>
      </header>
      {error && (
        <p role="alert" className="consensus-error">
          {error}
        </p>
      )}
      {choices && (
        <>
          <p className="consensus-hint">
            Each value shows where it came from. Take a source’s value with its button, or type your own;
            every choice is one step of Undo.
          </p>
          <ol className="consensus-sources" aria-label="Sources">
            {choices.sources.map((s, i) => (
              <li key={s.id}>
                <b>#{i + 1}</b> {sourceName(s)}{' '}
                <span className="muted">({s.origin === 'machine' ? 'machine' : 'reviewer'})</span>
              </li>
            ))}
          </ol>
          <ConsensusScores choices={choices} onTake={take} onType={type} />
          <ConsensusItems choices={choices} onTake={take} />
        </>
      )}
    </main>
  )
}
