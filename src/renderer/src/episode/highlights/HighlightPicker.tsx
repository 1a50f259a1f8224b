import type { Dimension } from '../../../../shared/episodeFormat'
import { formatClock } from '../../../../shared/time'
import { useModalDialog } from '../../useModalDialog'

/** After `H`: which dimension's highlight goes at the playhead; a digit picks, Escape cancels. */
export function HighlightPicker(props: {
  dimensions: readonly Dimension[]
  at: number
  onPick: (dimension: string) => void
  onClose: () => void
}): React.JSX.Element {
  const { dimensions, onPick } = props
  const dialog = useModalDialog()
  return (
    <dialog
      ref={dialog}
      className="highlight-picker"
      aria-label="Highlight which dimension"
      onClose={props.onClose}
      onKeyDown={(e) => {
        const n = Number(e.key)
        const dimension = Number.isInteger(n) && n >= 1 ? dimensions[n - 1] : undefined
        if (!dimension) return
        e.preventDefault()
        onPick(dimension.key)
      }}
    >
      <h2>Highlight at {formatClock(props.at)}</h2>
      <ol>
        {dimensions.map((d, i) => (
          <li key={d.key}>
            <button type="button" onClick={() => onPick(d.key)}>
              <kbd>{i + 1}</kbd> {d.highlightLabel || d.label}
            </button>
          </li>
        ))}
      </ol>
      <form method="dialog">
        <button type="submit">Cancel (Esc)</button>
      </form>
    </dialog>
  )
}
