import { useState } from 'react'
import type { ParticipantView, SpeakerMapping } from '../../../shared/contract'
import type { Role } from '../../../shared/episodeFormat'
import { formatClock } from '../../../shared/time'
import { RoleSelect } from './RoleSelect'
import { TableHead } from '../TableHead'
import { useModalDialog } from '../useModalDialog'

type Choice =
  | { kind: 'self'; name: string; role: Role }
  | { kind: 'participant'; participantId: string }
  | { kind: 'unknown' }

const choiceValue = (c: Choice): string =>
  c.kind === 'participant' ? `participant:${c.participantId}` : c.kind

/**
 * Maps each speaker of the transcript to a participant: keep (named, with a role), the same person as
 * another participant (merge), or an unknown speaker. Applied as one edit, so one undo takes it back.
 */
export function SpeakerDialog(props: {
  participants: readonly ParticipantView[]
  onApply: (speakers: SpeakerMapping[]) => void
  onClose: () => void
}): React.JSX.Element {
  const { participants } = props
  const speakers = participants.filter((p) => p.segmentCount > 0)
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(speakers.map((p) => [p.id, { kind: 'self', name: p.name, role: p.role }])),
  )
  const dialog = useModalDialog()

  const set = (id: string, choice: Choice): void => setChoices((all) => ({ ...all, [id]: choice }))
  const apply = (): void =>
    props.onApply(
      speakers.map((p) => {
        const to = choices[p.id] ?? { kind: 'self', name: p.name, role: p.role }
        return {
          participantId: p.id,
          to: to.kind === 'self' ? { ...to, name: to.name.trim() || p.name } : to,
        }
      }),
    )

  return (
    <dialog ref={dialog} className="speaker-dialog" aria-label="Map speakers" onClose={props.onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault()
          apply()
        }}
      >
        <h2>Who is speaking?</h2>
        <p className="hint">
          Each speaker of the transcript becomes a participant. Give them a name and a role, say that two are
          the same person, or leave one unknown.
        </p>
        <table>
          <TableHead columns={['Speaker in the transcript', 'Is', 'Name', 'Role']} />
          <tbody>
            {speakers.map((p) => {
              const choice = choices[p.id] ?? { kind: 'self', name: p.name, role: p.role }
              return (
                <tr key={p.id} data-speaker={p.name}>
                  <td>
                    <b>{p.name}</b>
                    <div className="hint">
                      {p.segmentCount} {p.segmentCount === 1 ? 'line' : 'lines'} ·{' '}
                      {formatClock(p.speakingSeconds)}
                      {p.firstLine && <> · “{p.firstLine.slice(0, 80)}”</>}
                    </div>
                  </td>
                  <td>
                    <select
                      aria-label={`${p.name} is`}
                      value={choiceValue(choice)}
                      onChange={(e) => {
                        const value = e.target.value
                        if (value === 'self') set(p.id, { kind: 'self', name: p.name, role: p.role })
                        else if (value === 'unknown') set(p.id, { kind: 'unknown' })
                        else
                          set(p.id, {
                            kind: 'participant',
                            participantId: value.slice('participant:'.length),
                          })
                      }}
                    >
                      <option value="self">a participant</option>
                      {participants
                        .filter((other) => other.id !== p.id && choices[other.id]?.kind !== 'participant')
                        .filter((other) => choices[other.id]?.kind !== 'unknown')
                        .map((other) => (
                          <option key={other.id} value={`participant:${other.id}`}>
                            the same person as {other.name}
                          </option>
                        ))}
                      <option value="unknown">an unknown speaker</option>
                    </select>
                  </td>
                  <td>
                    {choice.kind === 'self' && (
                      <input
                        aria-label={`Name of ${p.name}`}
                        value={choice.name}
                        onChange={(e) => set(p.id, { ...choice, name: e.target.value })}
                      />
                    )}
                  </td>
                  <td>
                    {choice.kind === 'self' && (
                      <RoleSelect
                        label={`Role of ${p.name}`}
                        value={choice.role}
                        onChange={(role) => set(p.id, { ...choice, role })}
                      />
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
        <footer>
          <button type="button" onClick={() => dialog.current?.close()}>
            Later
          </button>
          <button type="submit" className="primary">
            Apply
          </button>
        </footer>
      </form>
    </dialog>
  )
}
