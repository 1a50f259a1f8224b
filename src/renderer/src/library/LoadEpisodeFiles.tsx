import { useEffect, useRef, useState } from 'react'
import { EPISODE_FORMAT } from '../../../shared/episodeFormat'
import { platform } from '../platform'
import './loadEpisodeFiles.css'

/** What became of one file of several loaded at once. */
export type FileLoad =
  | { name: string; kind: 'loaded'; id: string; linkedMedia: string | null }
  | { name: string; kind: 'refused'; problem: string }
  | { name: string; kind: 'conflict'; ref: string }

export interface EpisodeFilesLoader {
  busy: boolean
  results: FileLoad[] | null
  loadAll(files: readonly File[]): void
  keepBothForAll(): void
  dismiss(): void
}

/** As far into a file as the sniff reads: an exported or machine-made file says its format first. */
const SNIFF_BYTES = 64 * 1024
const FORMAT_MARK = new RegExp(`"format"\\s*:\\s*"${EPISODE_FORMAT}"`)

/**
 * Whether dropped files are episode JSON to load rather than a new episode's media and transcript: all
 * `.json`, and one at least saying it is episode JSON near its start. A transcript may be `.json` too,
 * so the name alone cannot tell; files not episode JSON among them are refused each with the reason.
 */
export async function areEpisodeJson(files: readonly File[]): Promise<boolean> {
  if (files.length === 0 || !files.every((f) => f.name.toLowerCase().endsWith('.json'))) return false
  const starts = await Promise.all(
    files.map((f) =>
      f
        .slice(0, SNIFF_BYTES)
        .text()
        .catch(() => ''),
    ),
  )
  return starts.some((text) => FORMAT_MARK.test(text))
}

/**
 * Several episode JSON files loaded at once (dropped, or chosen together), in one call, each loaded or
 * refused on its own, in order. Nothing opens: the library lists what was loaded, and says per file
 * what happened. An id already in the library is not replaced from here: the editor may keep both for
 * every such file, which loses nothing, or open a file alone to replace its episode.
 */
export function useEpisodeFilesLoader(onLoaded: () => void): EpisodeFilesLoader {
  const [busy, setBusy] = useState(false)
  const [results, setResults] = useState<FileLoad[] | null>(null)

  /** The files adopted, loaded in one call (the core reads the next while it writes one), each answered. */
  const loadSome = async (
    chosen: { name: string; ref: string }[],
    keepBoth: boolean,
  ): Promise<FileLoad[]> => {
    if (chosen.length === 0) return []
    const reply = await platform.call('episodes.loadMany', {
      files: chosen.map((c) => c.ref),
      ...(keepBoth && { keepBoth: true }),
    })
    return chosen.map(({ name, ref }, i): FileLoad => {
      if (!reply.ok) return { name, kind: 'refused', problem: firstLine(reply.error.message) }
      const result = reply.value.results[i]
      if (result?.ok) return { name, kind: 'loaded', id: result.id, linkedMedia: result.linkedMedia ?? null }
      if (result?.error.code === 'conflict' && !keepBoth) return { name, kind: 'conflict', ref }
      return { name, kind: 'refused', problem: firstLine(result?.error.message ?? 'not loaded') }
    })
  }
  const run = (work: () => Promise<FileLoad[]>): void => {
    setBusy(true)
    void work()
      .then(setResults)
      .finally(() => {
        setBusy(false)
        onLoaded()
      })
  }
  return {
    busy,
    results,
    loadAll: (files) =>
      run(async () => {
        // One after the other: in browser mode each is uploaded to the host.
        const adopted: ({ name: string; ref: string } | FileLoad)[] = []
        for (const file of files)
          adopted.push(
            await platform.adoptFile(file, 'episode').then(
              (chosen) => ({ name: file.name, ref: chosen.ref }),
              (e: Error): FileLoad => ({ name: file.name, kind: 'refused', problem: e.message }),
            ),
          )
        const chosen = adopted.filter((a): a is { name: string; ref: string } => !('kind' in a))
        const loaded = await loadSome(chosen, false)
        // In the order dropped: a file refused as it was adopted keeps its place.
        return adopted.map((a) => ('kind' in a ? a : (loaded.shift() as FileLoad)))
      }),
    keepBothForAll: () =>
      run(async () => {
        const before = results ?? []
        const again = await loadSome(
          before.flatMap((r) => (r.kind === 'conflict' ? [{ name: r.name, ref: r.ref }] : [])),
          true,
        )
        return before.map((r) => (r.kind === 'conflict' ? (again.shift() as FileLoad) : r))
      }),
    dismiss: () => setResults(null),
  }
}

/** A refusal's first line: a broken file's heading; opening the file alone lists every problem. */
const firstLine = (message: string): string => message.split('\n')[0] ?? message

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`

/** What became of each file, with the choice for ids already in the library. */
export function EpisodeFilesSummary(props: {
  loader: EpisodeFilesLoader
  onOpen: (id: string) => void
}): React.JSX.Element | null {
  const { results, busy } = props.loader
  const region = useRef<HTMLElement>(null)
  // The keyboard goes where the outcome is said, so Tab reaches its actions next.
  useEffect(() => {
    if (results) region.current?.focus()
  }, [results])
  if (!results) return busy ? <p className="notice">Loading episode files…</p> : null
  const loaded = results.filter((r) => r.kind === 'loaded').length
  const conflicts = results.filter((r) => r.kind === 'conflict').length
  const refused = results.length - loaded - conflicts
  return (
    <section ref={region} tabIndex={-1} className="file-loads" aria-label="Loaded files">
      <h2>
        Loaded {loaded} of {plural(results.length, 'file')}
        {refused > 0 && `; ${refused} refused`}
        {conflicts > 0 && `; ${plural(conflicts, 'episode')} already in the library`}
      </h2>
      <ul>
        {results.map((r, i) => (
          <li key={i} className={r.kind}>
            <span className="file-name">{r.name}</span>{' '}
            {r.kind === 'loaded' && (
              <>
                loaded as{' '}
                <button type="button" className="link" onClick={() => props.onOpen(r.id)}>
                  {r.id}
                </button>
                {r.linkedMedia && `, its media found in the library (${r.linkedMedia})`}
              </>
            )}
            {r.kind === 'refused' && `refused: ${r.problem}`}
            {r.kind === 'conflict' && 'not loaded: an episode with its id is already in the library'}
          </li>
        ))}
      </ul>
      <footer>
        {conflicts > 0 && (
          <button type="button" className="primary" disabled={busy} onClick={props.loader.keepBothForAll}>
            Keep both for {conflicts === 1 ? 'this file' : `all ${conflicts} files`}
          </button>
        )}
        <button type="button" onClick={props.loader.dismiss}>
          Close
        </button>
      </footer>
    </section>
  )
}
