import { useState } from 'react'
import type { ParticipantView } from '../../../../shared/contract'
import type { Role } from '../../../../shared/episodeFormat'
import { formatClock } from '../../../../shared/time'
import type { EditorPanelProps } from '../editorPanelProps'
import { CommitField } from './CommitField'
import { RoleSelect } from '../RoleSelect'
import { TableHead } from '../../TableHead'

type ParticipantPatch = { name?: string; role?: Role; affiliation?: string | null }

const needsName = (text: string): string | null => (text === '' ? 'a participant needs a name' : null)

/** The episode's participants, edited in place; removing one asks first, in the row itself. */
export function ParticipantsTable(props: EditorPanelProps): React.JSX.Element {
  const { episodeId, view, edit } = props
  const [confirming, setConfirming] = useState<string | null>(null)
  const update = async (participantId: string, patch: ParticipantPatch): Promise<boolean> =>
    (await edit('participants.update', { id: episodeId, participantId, patch })) !== null

  if (view.participants.length === 0)
    return (
      <p className="empty">
        No participants yet: add the hosts and guests below, or map the transcript’s speakers.
      </p>
    )
  return (
    <table className="participants" aria-label="Participants">
      <TableHead
        columns={['Name', 'Role', 'Affiliation', 'Speaking time', { label: 'Remove', hidden: true }]}
      />
      <tbody>
        {view.participants.map((p) => (
          <tr key={p.id} data-participant={p.id} className={`role-${p.role}`}>
            <td>
              <CommitField
                label={`Name of ${p.name}`}
                value={p.name}
                validate={needsName}
                onCommit={(name) => update(p.id, { name })}
              />
            </td>
            <td>
              <RoleSelect
                label={`Role of ${p.name}`}
                value={p.role}
                onChange={(role) => void update(p.id, { role })}
              />
            </td>
            <td>
              <CommitField
                label={`Affiliation of ${p.name}`}
                value={p.affiliation ?? ''}
                onCommit={(affiliation) => update(p.id, { affiliation: affiliation || null })}
              />
            </td>
            <td className="speaking" aria-label={`Speaking time of ${p.name}`}>
              <SpeakingTime participant={p} />
            </td>
            <td className="remove">
              {confirming === p.id ? (
                <span role="group" aria-label={`Confirm removing ${p.name}`} className="confirm">
                  Remove {p.name}?{' '}
                  <button
                    type="button"
                    className="danger"
                    autoFocus
                    onClick={() => {
                      setConfirming(null)
                      void edit('participants.remove', { id: episodeId, participantId: p.id })
                    }}
                  >
                    Remove
                  </button>{' '}
                  <button type="button" onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button type="button" aria-label={`Remove ${p.name}`} onClick={() => setConfirming(p.id)}>
                  Remove…
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function SpeakingTime({ participant: p }: { participant: ParticipantView }): React.JSX.Element {
  if (p.segmentCount === 0) return <span className="hint">—</span>
  return (
    <>
      {formatClock(p.speakingSeconds)}{' '}
      <span className="hint">
        ({p.segmentCount} {p.segmentCount === 1 ? 'line' : 'lines'})
      </span>
    </>
  )
}
