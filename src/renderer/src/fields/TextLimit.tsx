import { grouped } from '../../../shared/textLimits'
import './textLimit.css'

/** Whether a text is over the core's limit: the form says so in words before sending it. */
export const overLimit = (text: string, limit: number): boolean => text.trim().length > limit

/** Whether the countdown shows: within a tenth of the limit (the core counts the trimmed text). */
export const nearLimit = (text: string, limit: number): boolean => text.trim().length >= limit * 0.9

/**
 * The countdown under a field the core limits (TEXT_LIMITS): said once the text is within a tenth of the
 * limit, and plainly once past it, so a long title is seen while typed, not refused on Create. Every
 * field with a limit shows the same one, in the editor and in every form.
 */
export function TextLimit(props: { text: string; limit: number; id?: string }): React.JSX.Element | null {
  const { limit } = props
  if (!nearLimit(props.text, limit)) return null
  const length = props.text.trim().length
  const over = length - limit
  return (
    <span id={props.id} className={over > 0 ? 'field-error' : 'field-limit'} aria-live="polite">
      {grouped(length)} of at most {grouped(limit)} characters
      {over > 0 ? `: ${grouped(over)} too many` : ` (${grouped(limit - length)} left)`}
    </span>
  )
}
