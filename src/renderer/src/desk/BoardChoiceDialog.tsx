import { useEffect, useState } from 'react'
import type { LibraryAnalysis } from '../../../shared/agreement'
import type { BoardEpisode } from '../../../shared/contract/deskWork'
import { refusalInWords } from '../episode/refusalInWords'
import { call } from '../platform'
import { TableHead } from '../TableHead'
import { useModalDialog } from '../useModalDialog'
import type { DeskIds } from './useBoard'

type Choice = 'setConsensus' | 'setReference'

/** What an analysis already is for its episode, said beside its name. */
function roleOf(episode: BoardEpisode, deskId: string | undefined): string {
  if (deskId === undefined) return 'not in the desk yet: the next sync sends it'
  const roles = [
    episode.consensus === deskId && 'the episode’s consensus',
    episode.reference === deskId && 'the reference',
  ].filter(Boolean)
  return roles.join(', ')
}

/**
 * The lead chooses, among the episode's analyses in this library, its consensus (one built on the
 * consensus screen) and its reference for calibration; the catalogue keeps one of each per episode.
 */
export function BoardChoiceDialog(props: {
  episode: BoardEpisode
  here: string
  ids: DeskIds
  onChosen: (episode: BoardEpisode) => void
  onClose: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const { episode, ids, onChosen } = props
  const [analyses, setAnalyses] = useState<LibraryAnalysis[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ error: boolean; text: string } | null>(null)
  useEffect(() => {
    let live = true
    call('episodes.analysesOf', { id: props.here }).then(
      (found) => live && setAnalyses(found),
      (e: Error) => live && setSaid({ error: true, text: refusalInWords(e.message) }),
    )
    return () => {
      live = false
    }
  }, [props.here])
  const choose = (method: Choice, analysis: string, name: string): void => {
    setBusy(true)
    setSaid(null)
    call(`desk.${method}`, { episode: episode.episode, analysis }).then(
      (changed) => {
        setBusy(false)
        onChosen(changed)
        const what = method === 'setConsensus' ? 'the episode’s consensus' : 'its reference'
        setSaid({ error: false, text: `${name} is now ${what}.` })
      },
      (e: Error) => {
        setBusy(false)
        setSaid({ error: true, text: refusalInWords(e.message) })
      },
    )
  }
  const title = episode.title ?? episode.episode
  return (
    <dialog
      ref={dialog}
      className="desk-dialog board-choice"
      aria-label={`Consensus and reference of “${title}”`}
      onClose={props.onClose}
    >
      <h2>Consensus and reference</h2>
      <p className="hint">
        “{title}”: a consensus is built on the compare screen (Build a consensus…) and chosen here once it has
        synced; the reference is what calibration episodes are scored against.
      </p>
      {analyses === null && said === null && <p className="hint">Reading the episode’s analyses…</p>}
      {analyses && (
        <table>
          <TableHead columns={['Analysis', 'Now', { label: 'Choose', visuallyHidden: true }]} scoped />
          <tbody>
            {analyses.map((a) => {
              const deskId = ids.desk.get(a.id)
              return (
                <tr key={a.id}>
                  <th scope="row">{a.name}</th>
                  <td>{roleOf(episode, deskId)}</td>
                  <td className="board-actions">
                    {a.consensus && (
                      <button
                        type="button"
                        disabled={busy || deskId === undefined || episode.consensus === deskId}
                        aria-label={`Use as consensus: ${a.name}`}
                        onClick={() => deskId && choose('setConsensus', deskId, a.name)}
                      >
                        Use as consensus
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={busy || deskId === undefined || episode.reference === deskId}
                      aria-label={`Mark as reference: ${a.name}`}
                      onClick={() => deskId && choose('setReference', deskId, a.name)}
                    >
                      Mark as reference
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {said && <p role={said.error ? 'alert' : 'status'}>{said.text}</p>}
      <footer>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </footer>
    </dialog>
  )
}
