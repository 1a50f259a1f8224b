import { useState } from 'react'
import { platform, type ChosenFile } from '../platform'
import { useMenuCommand } from '../useMenuCommand'
import { acceptFor } from '../../../shared/fileKinds'
import { BrowserFileButton } from '../BrowserFileButton'
import { LoadConflictDialog } from './LoadConflictDialog'

/** What to do when the file's id is in the library already. */
type IdTaken = 'replace' | 'keepBoth'

type Outcome =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'conflict'; file: ChosenFile }
  | { kind: 'refused'; lines: string[] }

export interface EpisodeJsonOpener {
  outcome: Outcome
  /** The native dialog; the browser has no menu, and its file input calls `adopt`. */
  open(): void
  /** Without `then`, an id already in the library asks which to do. */
  load(file: ChosenFile, then?: IdTaken): void
  adopt(file: File): void
  dismiss(): void
}

/**
 * Opening episode JSON (a machine's analysis, or an export) as an episode, by the library's button or
 * by File > Open. An id already in the library is replaced, or kept beside the file's episode, only when
 * the editor says so.
 */
export function useEpisodeJsonOpener(onOpen: (id: string) => void): EpisodeJsonOpener {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  const refuse = (message: string): void => setOutcome({ kind: 'refused', lines: message.split('\n') })
  const load = (file: ChosenFile, then?: IdTaken): void => {
    setOutcome({ kind: 'loading' })
    const request = {
      file: file.ref,
      ...(then === 'replace' && { replace: true }),
      ...(then === 'keepBoth' && { keepBoth: true }),
    }
    platform.call('episodes.load', request).then(
      (reply) => {
        if (reply.ok) onOpen(reply.value.id)
        else if (reply.error.code === 'conflict') setOutcome({ kind: 'conflict', file })
        else refuse(reply.error.message)
      },
      (e: Error) => refuse(e.message),
    )
  }
  const open = (): void => {
    platform.chooseFile?.('episode').then(
      (file) => file && load(file),
      (e: Error) => refuse(e.message),
    )
  }
  useMenuCommand((command) => {
    if (command === 'file.open') open()
  })
  return {
    outcome,
    open,
    load,
    adopt: (file) =>
      platform.adoptFile(file, 'episode').then(
        (chosen) => load(chosen),
        (e: Error) => refuse(e.message),
      ),
    dismiss: () => setOutcome({ kind: 'idle' }),
  }
}

export function OpenEpisodeJsonButton({
  opener,
  onSeveral,
}: {
  opener: EpisodeJsonOpener
  /** Several files chosen at once: each is loaded, none opened. */
  onSeveral: (files: File[]) => void
}): React.JSX.Element {
  const busy = opener.outcome.kind === 'loading'
  return platform.chooseFile ? (
    <button type="button" onClick={opener.open} disabled={busy}>
      Open episode JSON…
    </button>
  ) : (
    <BrowserFileButton
      text="Open episode JSON…"
      label="Open episode JSON"
      accept={acceptFor('episode')}
      disabled={busy}
      onFile={opener.adopt}
      onFiles={onSeveral}
    />
  )
}

/** The question about an id already in the library, or every problem the core found in the file. */
export function EpisodeJsonOutcome({ opener }: { opener: EpisodeJsonOpener }): React.JSX.Element | null {
  const { outcome } = opener
  if (outcome.kind === 'conflict')
    return (
      <LoadConflictDialog
        fileName={outcome.file.name}
        onReplace={() => opener.load(outcome.file, 'replace')}
        onKeepBoth={() => opener.load(outcome.file, 'keepBoth')}
        onCancel={opener.dismiss}
      />
    )
  if (outcome.kind !== 'refused') return null
  const [heading, ...problems] = outcome.lines
  return (
    <div role="alert" className="error">
      {heading}
      {problems.length > 0 && (
        <ul aria-label="Problems">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
