import { useState } from 'react'
import type { ParticipantView, SpeakerMapping } from '../../../shared/contract'
import type { Role } from '../../../shared/episodeFormat'
import { proposeRoles } from '../../../shared/proposeRoles'
import { formatClock } from '../../../shared/time'
import { RoleSelect } from './RoleSelect'
import { TableHead } from '../TableHead'
import { useModalDialog } from '../useModalDialog'
import { TEXT_LIMITS } from '../../../shared/textLimits'
import { overLimit, TextLimit } from '../fields/TextLimit'
import { ModalForm } from '../ModalForm'

type Choice =
  | { kind: 'self'; name: string; role: Role; affiliation: string }
  | { kind: 'participant'; participantId: string }
  | { kind: 'unknown' }

const choiceValue = (c: Choice): string =>
  c.kind === 'participant' ? `participant:${c.participantId}` : c.kind

const keep = (p: ParticipantView, role = p.role): Choice => ({
  kind: 'self',
  name: p.name,
  role,
  affiliation: p.affiliation ?? '',
})

/**
 * Maps each speaker of the transcript to a participant: keep (named, with a role and an affiliation),
 * the same person as another participant (merge), or an unknown speaker. Before the speakers were
 * first mapped, each role is proposed from the title and who said most, marked so until the editor
 * changes it; nothing is kept until Apply, one edit that one undo takes back.
 */
export function SpeakerDialog(props: {
  participants: readonly ParticipantView[]
  /** The episode's title: a speaker named in it is likely the guest. */
  title: string
  /** Whether to propose roles: not once the editor has mapped the speakers. */
  propose: boolean
  onApply: (speakers: SpeakerMapping[]) => void
  onClose: () => void
}): React.JSX.Element {
  const { participants } = props
  const speakers = participants.filter((p) => p.segmentCount > 0)
  // Participants the transcript no longer has speak (a replaced transcript's speakers): offered for removal.
  const silent = participants.filter((p) => p.segmentCount === 0)
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set())
  const [proposed, setProposed] = useState<ReadonlyMap<string, Role>>(() =>
    props.propose
      ? proposeRoles(
          props.title,
          speakers.map((p) => ({ id: p.id, name: p.name, words: p.wordCount })),
        )
      : new Map(),
  )
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(speakers.map((p) => [p.id, keep(p, proposed.get(p.id))])),
  )
  const dialog = useModalDialog()

  const set = (id: string, choice: Choice): void => setChoices((all) => ({ ...all, [id]: choice }))
  const apply = (): void =>
    props.onApply([
      ...speakers.map((p): SpeakerMapping => {
        const to = choices[p.id] ?? keep(p)
        return {
          participantId: p.id,
          to:
            to.kind === 'self'
              ? { ...to, name: to.name.trim() || p.name, affiliation: to.affiliation.trim() || null }
              : to,
        }
      }),
      ...silent
        .filter((p) => removed.has(p.id))
        .map((p): SpeakerMapping => ({ participantId: p.id, to: { kind: 'unknown' } })),
    ])

  return (
    <ModalForm
      dialogRef={dialog}
      className="speaker-dialog"
      title="Who is speaking?"
      label="Map speakers"
      onClose={props.onClose}
      onSubmit={apply}
    >
      <p className="hint">
        Each speaker of the transcript becomes a participant. Give them a name, a role and an affiliation, say
        that two are the same person, or leave one unknown.
        {proposed.size > 0 &&
          ' Roles marked “proposed” are guesses from the title and who speaks most: check them.'}
      </p>
      <table>
        <TableHead columns={['Speaker in the transcript', 'Is', 'Name', 'Role', 'Affiliation']} />
        <tbody>
          {speakers.map((p) => {
            const choice = choices[p.id] ?? keep(p)
            return (
              <tr key={p.id} data-speaker={p.name}>
                <td>
                  <b>{p.name}</b>
                  <div className="hint">
                    {p.segmentCount} {p.segmentCount === 1 ? 'line' : 'lines'} · {p.wordCount}{' '}
                    {p.wordCount === 1 ? 'word' : 'words'} · {formatClock(p.speakingSeconds)}
                    {p.firstLine && <> · “{p.firstLine.slice(0, 80)}”</>}
                  </div>
                </td>
                <td>
                  <select
                    aria-label={`${p.name} is`}
                    value={choiceValue(choice)}
                    onChange={(e) => {
                      const value = e.target.value
                      if (value === 'self') set(p.id, keep(p, proposed.get(p.id)))
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
                      .filter((other) => choices[other.id]?.kind !== 'unknown' && !removed.has(other.id))
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
                      aria-invalid={overLimit(choice.name, TEXT_LIMITS.name) || undefined}
                      onChange={(e) => set(p.id, { ...choice, name: e.target.value })}
                    />
                  )}
                  {choice.kind === 'self' && <TextLimit text={choice.name} limit={TEXT_LIMITS.name} />}
                </td>
                <td>
                  {choice.kind === 'self' && (
                    <span className="role-choice">
                      <RoleSelect
                        label={`Role of ${p.name}`}
                        value={choice.role}
                        describedBy={proposed.has(p.id) ? `proposed-${p.id}` : undefined}
                        onChange={(role) => {
                          set(p.id, { ...choice, role })
                          // Chosen now, not proposed.
                          setProposed((all) => new Map([...all].filter(([id]) => id !== p.id)))
                        }}
                      />
                      {proposed.has(p.id) && (
                        <span className="proposal" id={`proposed-${p.id}`}>
                          proposed
                        </span>
                      )}
                    </span>
                  )}
                </td>
                <td>
                  {choice.kind === 'self' && (
                    <input
                      aria-label={`Affiliation of ${p.name}`}
                      placeholder="e.g. Prime Intellect"
                      value={choice.affiliation}
                      aria-invalid={overLimit(choice.affiliation, TEXT_LIMITS.short) || undefined}
                      onChange={(e) => set(p.id, { ...choice, affiliation: e.target.value })}
                    />
                  )}
                  {choice.kind === 'self' && (
                    <TextLimit text={choice.affiliation} limit={TEXT_LIMITS.short} />
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {silent.length > 0 && (
        <fieldset className="silent-speakers">
          <legend>No longer speaking</legend>
          <p className="hint">
            These participants say nothing in the transcript. Remove those who are not in this episode (a
            statement of theirs keeps no speaker).
          </p>
          {silent.map((p) => (
            <label key={p.id}>
              <input
                type="checkbox"
                checked={removed.has(p.id)}
                onChange={(e) =>
                  setRemoved((all) => {
                    const next = new Set(all)
                    if (e.target.checked) next.add(p.id)
                    else next.delete(p.id)
                    return next
                  })
                }
              />{' '}
              Remove {p.name}
            </label>
          ))}
        </fieldset>
      )}
      <footer>
        <button type="button" onClick={() => dialog.current?.close()}>
          Later
        </button>
        <button type="submit" className="primary">
          Apply
        </button>
      </footer>
    </ModalForm>
  )
}
