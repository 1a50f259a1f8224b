import { useState } from 'react'
import type { ConsensusChoices } from '../../../shared/agreement'
import { formatClock } from '../../../shared/time'
import type { ConsensusItemRequest } from './consensusItem'
import { provenanceMark, sourceName } from './sourceName'

type Take = (from: string, item: ConsensusItemRequest) => Promise<void>
type Type = (chapterId: string, dimension: string, value: number | null) => Promise<void>

/** Per chapter of the consensus: its title and each score, beside what every source gives there. */
export function ConsensusScores({
  choices,
  onTake,
  onType,
}: {
  choices: ConsensusChoices
  onTake: Take
  onType: Type
}): React.JSX.Element {
  const { sources, dimensions } = choices
  return (
    <section aria-label="Chapters and scores" className="consensus-chapters">
      <h2>Chapters and scores</h2>
      {choices.chapters.map((chapter, n) => (
        <section
          key={chapter.chapterId}
          className="consensus-chapter"
          aria-label={`Chapter ${n + 1}: ${chapter.title}`}
        >
          <h3>
            {formatClock(chapter.start)}–{formatClock(chapter.end)} · {chapter.title}{' '}
            <span className="muted">{provenanceMark(chapter.provenance, sources)}</span>
          </h3>
          <SplitNotes chapter={chapter} sources={sources} />
          <div className="consensus-titles">
            {chapter.pieces.map((pieces, i) =>
              pieces.length > 1
                ? pieces.map((piece) => (
                    <button
                      key={`${sources[i]?.id}:${piece.chapterId}`}
                      type="button"
                      onClick={() =>
                        void onTake(sources[i]?.id ?? '', {
                          kind: 'chapter',
                          chapterId: chapter.chapterId,
                          sourceChapterId: piece.chapterId,
                        })
                      }
                    >
                      Title and why of #{i + 1}, {formatClock(piece.start)}–{formatClock(piece.end)}: “
                      {piece.title}”
                    </button>
                  ))
                : null,
            )}
            {chapter.offers.map((offer, i) =>
              (chapter.pieces[i]?.length ?? 0) <= 1 && offer && offer.title !== chapter.title ? (
                <button
                  key={sources[i]?.id}
                  type="button"
                  onClick={() =>
                    void onTake(sources[i]?.id ?? '', { kind: 'chapter', chapterId: chapter.chapterId })
                  }
                >
                  Title and why of #{i + 1}: “{offer.title}”
                </button>
              ) : null,
            )}
          </div>
          <table className="consensus-table">
            <thead>
              <tr>
                <th scope="col">Dimension</th>
                <th scope="col">Consensus</th>
                {sources.map((s, i) => (
                  <th scope="col" key={s.id}>
                    #{i + 1} {sourceName(s)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dimensions.map((d) => {
                const own = chapter.scores[d.key] ?? { value: null, provenance: null }
                return (
                  <tr key={d.key}>
                    <th scope="row">{d.label}</th>
                    <td>
                      <TypedScore
                        label={`${d.label} in chapter ${n + 1}, consensus`}
                        value={own.value}
                        onType={(value) => onType(chapter.chapterId, d.key, value)}
                      />{' '}
                      <span className="muted">{provenanceMark(own.provenance, sources)}</span>
                    </td>
                    {chapter.offers.map((offer, i) => {
                      const value = offer?.scores[d.key]
                      const source = sources[i]
                      const pieces = chapter.pieces[i] ?? []
                      // A source split here: every piece's score, each one to take, not only the middle's.
                      if (source && pieces.length > 1)
                        return (
                          <td key={source.id} className="consensus-pieces">
                            {pieces.map((piece) => {
                              const score = piece.scores[d.key]
                              const span = `${formatClock(piece.start)}–${formatClock(piece.end)}`
                              return (
                                <button
                                  key={piece.chapterId}
                                  type="button"
                                  className={score === own.value ? undefined : 'consensus-differs'}
                                  aria-label={`Take ${d.label} ${score ?? 'unscored'} · ${span} from #${i + 1} ${sourceName(source)} in chapter ${n + 1}`}
                                  title={`#${i + 1}’s chapter ${span}`}
                                  onClick={() =>
                                    void onTake(source.id, {
                                      kind: 'score',
                                      chapterId: chapter.chapterId,
                                      dimension: d.key,
                                      sourceChapterId: piece.chapterId,
                                    })
                                  }
                                >
                                  {score ?? 'unscored'} · {span}
                                </button>
                              )
                            })}
                          </td>
                        )
                      if (!source || value === undefined)
                        return (
                          <td key={i} className="muted">
                            –
                          </td>
                        )
                      const same = value === own.value
                      return (
                        <td key={source.id} className={same ? undefined : 'consensus-differs'}>
                          <button
                            type="button"
                            aria-label={`Take ${d.label} ${value ?? 'unscored'} from #${i + 1} ${sourceName(source)} in chapter ${n + 1}`}
                            onClick={() =>
                              void onTake(source.id, {
                                kind: 'score',
                                chapterId: chapter.chapterId,
                                dimension: d.key,
                              })
                            }
                          >
                            {value ?? '–'}
                          </button>
                        </td>
                      )
                    })}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  )
}

/** Where a source cuts this chapter in pieces: it says so, and the title and why of each piece can be taken. */
function SplitNotes({
  chapter,
  sources,
}: {
  chapter: ConsensusChoices['chapters'][number]
  sources: ConsensusChoices['sources']
}): React.JSX.Element | null {
  const split = chapter.pieces.flatMap((pieces, i) => (pieces.length > 1 ? [{ pieces, i }] : []))
  if (split.length === 0) return null
  return (
    <ul className="consensus-splits">
      {split.map(({ pieces, i }) => (
        <li key={sources[i]?.id}>
          #{i + 1} {sources[i] ? sourceName(sources[i]) : ''} splits this chapter at{' '}
          {pieces
            .slice(1)
            .map((p) => formatClock(p.start))
            .join(', ')}
          : take the score of either piece below.
        </li>
      ))}
    </ul>
  )
}

/** A score typed by the editor: taken on Enter or when the field is left, as every score field is. */
function TypedScore({
  label,
  value,
  onType,
}: {
  label: string
  value: number | null
  onType: (value: number | null) => Promise<void>
}): React.JSX.Element {
  const [text, setText] = useState<string | null>(null)
  const commit = (): void => {
    if (text === null) return
    const typed = text.trim() === '' ? null : Number(text)
    setText(null)
    if (typed !== value && (typed === null || Number.isInteger(typed))) void onType(typed)
  }
  return (
    <input
      className="consensus-score"
      aria-label={label}
      inputMode="numeric"
      value={text ?? (value === null ? '' : String(value))}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit()
        if (e.key === 'Escape') setText(null)
      }}
    />
  )
}
