import { nearLimit, overLimit, TextLimit } from './TextLimit'

/** A form's one-line text field that the core limits, with its label and its countdown (TextLimit). */
export function LimitedField(props: {
  label: string
  id: string
  value: string
  limit: number
  onChange: (value: string) => void
  placeholder?: string
}): React.JSX.Element {
  const { value, limit, id } = props
  return (
    <>
      <label className="field">
        <span>{props.label}</span>
        <input
          value={value}
          aria-invalid={overLimit(value, limit) || undefined}
          aria-describedby={nearLimit(value, limit) ? id : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          placeholder={props.placeholder}
        />
      </label>
      <TextLimit id={id} text={value} limit={limit} />
    </>
  )
}
