import type { ConsensusChoices } from '../../../shared/agreement'
import { formatClock } from '../../../shared/time'
import type { ConsensusItemRequest } from './consensusItem'
import { sourceName } from './sourceName'

/** Each source's statements and highlights, to take into the consensus; those taken are marked. */
export function ConsensusItems({
  choices,
  onTake,
}: {
  choices: ConsensusChoices
  onTake: (from: string, item: ConsensusItemRequest) => Promise<void>
}): React.JSX.Element {
  const label = (key: string): string => choices.dimensions.find((d) => d.key === key)?.label ?? key
  return (
    <section aria-label="Statements and highlights" className="consensus-items">
      <h2>Statements and highlights</h2>
      <div className="consensus-columns">
        {choices.sources.map((source, i) => (
          <section key={source.id} aria-label={`From #${i + 1} ${sourceName(source)}`}>
            <h3>
              #{i + 1} {sourceName(source)}
            </h3>
            <ul>
              {(choices.statements[i] ?? []).map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    disabled={s.taken}
                    onClick={() => void onTake(source.id, { kind: 'statement', statementId: s.id })}
                  >
                    {s.taken ? 'Taken' : 'Take'}
                  </button>{' '}
                  {formatClock(s.start)} {s.title || 'Untitled statement'}
                </li>
              ))}
              {(choices.highlights[i] ?? []).map((h) => (
                <li key={h.id}>
                  <button
                    type="button"
                    disabled={h.taken}
                    onClick={() => void onTake(source.id, { kind: 'highlight', highlightId: h.id })}
                  >
                    {h.taken ? 'Taken' : 'Take'}
                  </button>{' '}
                  {label(h.dimension)} ▶ {formatClock(h.time)} {h.title}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  )
}
