import type { RequestOf } from '../../../../shared/contract'
import { sourceUrlProblem } from '../../../../shared/sourceUrl'
import type { EditorPanelProps } from '../editorPanelProps'
import { AddParticipantForm } from './AddParticipantForm'
import { TEXT_LIMITS } from '../../../../shared/textLimits'
import { CommitField } from './CommitField'
import { ParticipantsTable } from './ParticipantsTable'

type EpisodePatch = RequestOf<'episodes.update'>['patch']

const needsTitle = (text: string): string | null => (text === '' ? 'a title is needed' : null)

/** The episode's published details and its participants, each field saved as its own undoable edit. */
export function DetailsPanel(props: EditorPanelProps): React.JSX.Element {
  const { episodeId, view, edit } = props
  const save = async (patch: EpisodePatch): Promise<boolean> =>
    (await edit('episodes.update', { id: episodeId, patch })) !== null

  return (
    <section className="details-panel" aria-label="Episode details">
      <div className="details-fields">
        {/* A whole line for the title and the URL: a podcast's title is long, and read in full. */}
        <label className="wide">
          <span>Title</span>
          <CommitField
            label="Title"
            maxLength={TEXT_LIMITS.short}
            value={view.summary.title}
            validate={needsTitle}
            onCommit={(title) => save({ title })}
          />
        </label>
        <label>
          <span>Show</span>
          <CommitField
            label="Show"
            maxLength={TEXT_LIMITS.name}
            value={view.summary.show}
            onCommit={(show) => save({ show })}
          />
        </label>
        <label>
          <span>Air date</span>
          <CommitField
            label="Air date"
            type="date"
            value={view.summary.publishedOn ?? ''}
            onCommit={(date) => save({ publishedOn: date || null })}
          />
        </label>
        <label className="wide">
          <span>Source URL</span>
          <CommitField
            label="Source URL"
            type="url"
            value={view.details.sourceUrl ?? ''}
            validate={sourceUrlProblem}
            onCommit={(url) => save({ sourceUrl: url || null })}
          />
        </label>
        <label className="wide">
          <span>Summary</span>
          <CommitField
            label="Summary"
            multiline
            value={view.details.summary}
            onCommit={(summary) => save({ summary })}
          />
        </label>
      </div>
      <h3>Participants</h3>
      <ParticipantsTable {...props} />
      <AddParticipantForm {...props} />
    </section>
  )
}
