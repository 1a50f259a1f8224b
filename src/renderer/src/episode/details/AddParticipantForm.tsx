import { useState } from 'react'
import type { Role } from '../../../../shared/episodeFormat'
import type { EditorPanelProps } from '../editorPanelProps'
import { RoleSelect } from '../RoleSelect'
import { TEXT_LIMITS, tooLong } from '../../../../shared/textLimits'
import { overLimit, TextLimit } from '../../fields/TextLimit'

/** Adds a participant the transcript does not name (a host who only introduces, a guest not yet transcribed). */
export function AddParticipantForm(props: EditorPanelProps): React.JSX.Element {
  const { episodeId, edit } = props
  const [name, setName] = useState('')
  const [role, setRole] = useState<Role>('guest')
  const [affiliation, setAffiliation] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const add = async (): Promise<void> => {
    if (name.trim() === '') return setProblem('a participant needs a name')
    if (overLimit(name, TEXT_LIMITS.name)) return setProblem(`The name ${tooLong(TEXT_LIMITS.name)}`)
    if (overLimit(affiliation, TEXT_LIMITS.short))
      return setProblem(`The affiliation ${tooLong(TEXT_LIMITS.short)}`)
    setProblem(null)
    const added = await edit('participants.add', {
      id: episodeId,
      name: name.trim(),
      role,
      affiliation: affiliation.trim() || null,
    })
    if (added) {
      setName('')
      setRole('guest')
      setAffiliation('')
    }
  }
  return (
    <form
      className="add-participant"
      aria-label="Add a participant"
      onSubmit={(e) => {
        e.preventDefault()
        void add()
      }}
    >
      <input
        aria-label="New participant name"
        placeholder="Name"
        value={name}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          setName(e.target.value)
          setProblem(null)
        }}
      />
      <RoleSelect label="New participant role" value={role} onChange={setRole} />
      <input
        aria-label="New participant affiliation"
        placeholder="Affiliation (optional)"
        value={affiliation}
        onChange={(e) => setAffiliation(e.target.value)}
      />
      <button type="submit">Add participant</button>
      <TextLimit text={name} limit={TEXT_LIMITS.name} />
      <TextLimit text={affiliation} limit={TEXT_LIMITS.short} />
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </form>
  )
}
