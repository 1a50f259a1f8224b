import type { InputHTMLAttributes } from 'react'
import { TEXT_LIMITS } from '../../../../shared/textLimits'
import { TextLimit } from '../../fields/TextLimit'

/**
 * An export dialog's address field: its label above it, the address typed, and the countdown to the
 * core's limit for an address. Other input attributes (required, autoFocus, disabled) pass through.
 */
export function UrlField({
  label,
  value,
  onChange,
  ...input
}: {
  label: string
  value: string
  onChange: (value: string) => void
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'>): React.JSX.Element {
  return (
    <>
      <label className="stacked">
        {label}
        <input type="url" value={value} onChange={(e) => onChange(e.target.value)} {...input} />
      </label>
      <TextLimit text={value} limit={TEXT_LIMITS.url} />
    </>
  )
}
