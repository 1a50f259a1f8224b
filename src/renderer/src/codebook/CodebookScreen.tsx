import { isLibraryCommand, type LibraryCommand } from '../../../shared/commands'
import { call, platform } from '../platform'
import { StatusLine } from '../StatusLine'
import { useMenuCommand } from '../useMenuCommand'
import { DimensionView } from './DimensionView'
import { DraftEditor } from './DraftEditor'
import { ImportQdc } from './ImportQdc'
import { useAnchorPlayer } from './useAnchorPlayer'
import { useCodebookScreen } from './useCodebookScreen'
import { VersionsList } from './VersionsList'
import './codebook.css'

const FORMATS = [
  { format: 'qdc', text: 'Export .qdc…' },
  { format: 'md', text: 'Export Markdown…' },
  { format: 'json', text: 'Export JSON…' },
] as const

/**
 * A show's codebook: its dimensions in order with their definitions, level descriptors and anchors (each
 * opens its episode at the moment), the versions, the draft being edited and published, and the codebook
 * exported (.qdc, Markdown, JSON) or imported from a REFI-QDA file.
 */
export function CodebookScreen(props: {
  show: string
  onBack: () => void
  onLibrary: () => void
  onLibraryCommand: (command: LibraryCommand) => void
}): React.JSX.Element {
  const { show } = props
  const state = useCodebookScreen(show)
  const { shown, draft, versions } = state
  const player = useAnchorPlayer()
  useMenuCommand((command) => {
    if (isLibraryCommand(command)) props.onLibraryCommand(command)
  })
  const exportAs = async (format: (typeof FORMATS)[number]['format']): Promise<void> => {
    try {
      const file = await call('codebook.export', {
        show,
        format,
        ...(shown && { version: shown.version }),
      })
      await platform.saveText(file.fileName, file.text)
      state.setNotice(`Exported ${file.fileName}`)
    } catch (e) {
      state.setError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <main className="codebook-page">
      <header className="bar">
        <button type="button" onClick={props.onBack}>
          ← {show}
        </button>
        <button type="button" onClick={props.onLibrary}>
          Library
        </button>
        <h1>{show}: codebook</h1>
        {shown && (
          <span className="meta">
            version {shown.version}, {shown.state}
          </span>
        )}
        <span className="spacer" />
        {!draft && (
          <button type="button" onClick={() => void state.edit()}>
            Edit
          </button>
        )}
        {FORMATS.map((f) => (
          <button key={f.format} type="button" disabled={!shown} onClick={() => void exportAs(f.format)}>
            {f.text}
          </button>
        ))}
        <ImportQdc
          show={show}
          onError={state.setError}
          onImported={(made) => {
            state.reload()
            void state.edit()
            state.setNotice(`Imported as draft version ${made.codebook.version}`)
          }}
        />
      </header>
      <div className="codebook-body">
        <div className="codebook-main">
          {draft ? (
            <DraftEditor key={draft.version} draft={draft} screen={state} />
          ) : shown ? (
            <section aria-labelledby="codebook-dimensions-heading">
              <h2 id="codebook-dimensions-heading">
                Dimensions, scored {shown.scale.min}–{shown.scale.max}
              </h2>
              {shown.dimensions.map((d, i) => (
                <DimensionView key={d.key} dimension={d} index={i} player={player} onError={state.setError} />
              ))}
            </section>
          ) : (
            versions && (
              <p className="hint">
                {show} has no codebook yet. Edit makes its first version from the rubric its episodes share;
                Import .qdc… reads one another program made.
              </p>
            )
          )}
        </div>
        {versions && versions.length > 0 && (
          <VersionsList
            versions={versions}
            shown={shown?.version ?? null}
            onShow={(v) => void state.show(v)}
          />
        )}
      </div>
      {/* The anchors' player: heard, not seen; each anchor's button plays and stops it. */}
      <audio preload="none" {...player.bind} />
      <StatusLine
        error={state.error}
        notice={state.notice}
        dismissError={() => state.setError(null)}
        dismissNotice={() => state.setNotice(null)}
      />
    </main>
  )
}
