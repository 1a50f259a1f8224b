import { useEffect, useState } from 'react'
import { NEWEST_FIRST_NOTE, type ClosestWords, type SearchHit } from '../../../shared/contract'
import { formatClock } from '../../../shared/time'
import { platform } from '../platform'
import type { Selection } from '../episode/editorPanelProps'
import { go } from '../routes'
import { createScope } from '../scope'
import './librarySearch.css'

/** Typing pauses this long before the library is searched: one search per word, not per key. */
const TYPING_PAUSE_MS = 200

const KIND_LABEL: Record<SearchHit['kind'], string> = {
  transcript: 'Transcript',
  statement: 'Statement',
  chapter: 'Chapter',
  reasoning: 'Reasoning',
  highlight: 'Highlight',
  episode: 'Title and summary',
}

/** The item a hit is in, selected as the episode opens: a transcript hit has none (its time is enough). */
const itemOf = (hit: SearchHit): Selection => {
  if (hit.kind === 'transcript' || hit.kind === 'episode') return null
  return { kind: hit.kind === 'reasoning' ? 'chapter' : hit.kind, id: hit.itemId }
}

const open = (hit: SearchHit): void =>
  go({ screen: 'episode', id: hit.episodeId, at: hit.seconds, item: itemOf(hit) })

/** The query with a word that found nothing replaced by one the library holds (its first occurrence). */
const withWord = (query: string, word: string, closest: string): string => {
  const at = query.toLowerCase().indexOf(word)
  return at < 0 ? query : query.slice(0, at) + closest + query.slice(at + word.length)
}

/**
 * The library's search box: every episode's text, best hits first. ↓ and ↑ walk the hits from the box,
 * Enter opens the episode at the hit's time.
 */
export function LibrarySearch(): React.JSX.Element {
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<SearchHit[] | null>(null)
  const [closestFound, setClosest] = useState<ClosestWords[]>([])
  const [newestFirst, setNewestFirst] = useState(false)
  const [problemFound, setProblem] = useState<string | null>(null)
  // An emptied box shows nothing, whatever the last search answered.
  const hits = query.trim() === '' ? null : found
  const closest = hits && hits.length === 0 ? closestFound : []
  const problem = query.trim() === '' ? null : problemFound
  const [active, setActive] = useState(0)

  useEffect(() => {
    if (query.trim() === '') return
    const scope = createScope()
    scope.timeout(() => {
      platform.call('library.search', { query }).then(
        (reply) => {
          // A newer query's answer is the one shown.
          if (scope.disposed) return
          setActive(0)
          setFound(reply.ok ? reply.value.hits : null)
          setClosest(reply.ok ? reply.value.closest : [])
          setNewestFirst(reply.ok && reply.value.newestFirst)
          setProblem(reply.ok ? null : reply.error.message)
        },
        (e: Error) => !scope.disposed && setProblem(e.message),
      )
    }, TYPING_PAUSE_MS)
    return scope.dispose
  }, [query])

  // The hit walked to stays in sight in a list that scrolls.
  useEffect(() => {
    document.getElementById(`library-search-hit-${active}`)?.scrollIntoView({ block: 'nearest' })
  }, [active])

  const onKeyDown = (e: React.KeyboardEvent): void => {
    if (!hits || hits.length === 0) return
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => Math.min(hits.length - 1, Math.max(0, a + step)))
    } else if (e.key === 'Enter') {
      const hit = hits[active]
      if (hit) open(hit)
    }
  }

  return (
    <section className="library-search" aria-label="Search">
      <input
        type="search"
        placeholder="Search every episode’s title, summary, transcript, statements, chapters, reasoning, highlights"
        aria-label="Search the library"
        // Named only while the list is there: an id that points nowhere misleads a screen reader.
        aria-controls={hits && hits.length > 0 ? 'library-search-hits' : undefined}
        aria-activedescendant={hits && hits.length > 0 ? `library-search-hit-${active}` : undefined}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {problem && (
        <p className="search-problem" role="alert">
          {problem}
        </p>
      )}
      {hits && hits.length === 0 && (
        <p className="search-none" role="status">
          Nothing found for “{query}”.
          {closest.map(({ word, closest: words }) => (
            <span key={word} className="search-closest">
              {' '}
              Closest to “{word}” in the library:{' '}
              {words.map((w, k) => (
                <span key={w}>
                  {k > 0 && ', '}
                  <button type="button" className="link" onClick={() => setQuery(withWord(query, word, w))}>
                    {w}
                  </button>
                </span>
              ))}
              .
            </span>
          ))}
        </p>
      )}
      {hits && hits.length > 0 && newestFirst && (
        <p className="search-note" role="status">
          {NEWEST_FIRST_NOTE}
        </p>
      )}
      {hits && hits.length > 0 && (
        // Focusable too: a long list scrolls, and the keyboard walks it from here as from the box.
        <ul
          id="library-search-hits"
          role="listbox"
          aria-label="Search results"
          tabIndex={0}
          aria-activedescendant={`library-search-hit-${active}`}
          onKeyDown={onKeyDown}
        >
          {hits.map((hit, k) => (
            <li
              key={`${hit.episodeId}/${hit.kind}/${hit.itemId}/${k}`}
              id={`library-search-hit-${k}`}
              role="option"
              aria-selected={k === active}
              onClick={() => open(hit)}
              onMouseEnter={() => setActive(k)}
            >
              <span className="search-where">
                {hit.episodeTitle} · {KIND_LABEL[hit.kind]} · {formatClock(hit.seconds)}
              </span>
              <span className="search-snippet">
                {hit.snippet.map((part, i) =>
                  part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
