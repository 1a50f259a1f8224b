import type { Role } from '../../../shared/episodeFormat'

export const ROLES: readonly Role[] = ['host', 'guest', 'other']

/** A participant's role: what speaking balance groups by and the transcript colours speakers by. */
export function RoleSelect(props: {
  label: string
  value: Role
  onChange: (role: Role) => void
  /** The id of what says more about the value (that it is only proposed). */
  describedBy?: string | undefined
}): React.JSX.Element {
  return (
    <select
      aria-label={props.label}
      aria-describedby={props.describedBy}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </select>
  )
}
