import type { LevelDescriptor } from '../../../shared/codebook'

/** A score typed in a level's bound: a whole number, or the bound as it was when the field is cleared. */
const bound = (text: string, was: number): number => (/^-?\d+$/.test(text.trim()) ? Number(text) : was)

/**
 * A dimension's level descriptors, a row each: the scores it covers (from, to) and its sentence. Whether
 * they cover the scale with no gap or overlap is the core's to say, naming the scores, when it is saved.
 */
export function LevelsEditor(props: {
  label: string
  levels: LevelDescriptor[]
  scale: { min: number; max: number }
  onChange: (levels: LevelDescriptor[]) => void
}): React.JSX.Element {
  const { levels, label } = props
  const patch = (i: number, p: Partial<LevelDescriptor>): void =>
    props.onChange(levels.map((l, j) => (j === i ? { ...l, ...p } : l)))
  const add = (): void => {
    const next = Math.min(props.scale.max, (levels[levels.length - 1]?.to ?? props.scale.min - 1) + 1)
    props.onChange([...levels, { from: next, to: next, text: '' }])
  }
  return (
    <div className="levels-editor">
      {levels.length > 0 && (
        <table aria-label={`Level descriptors of ${label}`}>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">What it looks like</th>
              <th scope="col" aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {levels.map((l, i) => {
              const name = `${label}, level ${i + 1}`
              return (
                <tr key={i}>
                  <td>
                    <input
                      type="number"
                      aria-label={`From, ${name}`}
                      value={l.from}
                      onChange={(e) => patch(i, { from: bound(e.target.value, l.from) })}
                    />
                  </td>
                  <td>
                    <input
                      type="number"
                      aria-label={`To, ${name}`}
                      value={l.to}
                      onChange={(e) => patch(i, { to: bound(e.target.value, l.to) })}
                    />
                  </td>
                  <td>
                    <input
                      type="text"
                      aria-label={`Descriptor, ${name}`}
                      value={l.text}
                      onChange={(e) => patch(i, { text: e.target.value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-label={`Remove ${name}`}
                      onClick={() => props.onChange(levels.filter((_, j) => j !== i))}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <button type="button" onClick={add}>
        Add level to {label}
      </button>
    </div>
  )
}
