import type { ChapterView, EpisodeView, MethodName, RequestOf, StatementView } from '../../../shared/contract'

/** What an edit does to the view the window shows, before the core has answered it. */
export type ViewPatch = (view: EpisodeView) => EpisodeView

/** The view with one chapter changed; the same view when no chapter has that id. */
function withChapter(view: EpisodeView, id: string, change: (c: ChapterView) => ChapterView): EpisodeView {
  const at = view.chapters.findIndex((c) => c.id === id)
  const chapter = view.chapters[at]
  if (!chapter) return view
  const chapters = view.chapters.slice()
  chapters[at] = change(chapter)
  return { ...view, chapters }
}

function withStatement(
  view: EpisodeView,
  id: string,
  change: (s: StatementView) => StatementView,
): EpisodeView {
  const at = view.statements.findIndex((s) => s.id === id)
  const statement = view.statements[at]
  if (!statement) return view
  const statements = view.statements.slice()
  statements[at] = change(statement)
  return { ...view, statements }
}

type Patcher<K extends MethodName> = (request: RequestOf<K>) => ViewPatch | null

/**
 * The edits shown before the core answers: those an editor makes key by key (a score, a chapter's title
 * or why, a statement's title), whose outcome the window knows as well as the core. Anything derived
 * (a mean, a problem, a chapter's review state) waits for the core's view, a few milliseconds later.
 */
const PATCHERS: { [K in MethodName]?: Patcher<K> } = {
  'scores.set': ({ chapterId, dimension, value, reasoning }) => {
    if (value === undefined && reasoning === undefined) return null
    return (view) =>
      withChapter(view, chapterId, (chapter) => {
        const score = chapter.scores[dimension]
        if (!score) return chapter
        const next = {
          ...score,
          ...(value !== undefined && { value }),
          ...(reasoning !== undefined && { reasoning }),
        }
        // A machine's score the reviewer changes is `edited` (what the core records): scoring blind,
        // the cell then shows the reviewer's score rather than staying hidden until the answer.
        const review = chapter.scoreReview
        const edited =
          review && value !== undefined && (review[dimension] ?? 'unreviewed') === 'unreviewed'
            ? { scoreReview: { ...review, [dimension]: 'edited' as const } }
            : {}
        return { ...chapter, ...edited, scores: { ...chapter.scores, [dimension]: next } }
      })
  },
  'chapters.update': ({ chapterId, patch }) => {
    const { title, why } = patch
    if (title === undefined && why === undefined) return null
    return (view) =>
      withChapter(view, chapterId, (chapter) => ({
        ...chapter,
        ...(title !== undefined && { title }),
        ...(why !== undefined && { why }),
      }))
  },
  'statements.update': ({ statementId, patch }) => {
    // A span or a speaker moves what is derived from it (the chapter, the quote's check): those wait.
    const { title } = patch
    if (title === undefined) return null
    return (view) => withStatement(view, statementId, (statement) => ({ ...statement, title }))
  },
}

/**
 * The edit's step in the history, as the core will record it: Undo is there at once, so a Ctrl+Z
 * pressed before the answer comes is not ignored (the core undoes the edit, which reached it first);
 * Redo goes, as a new edit drops what was undone. The label follows with the answer.
 */
const undoable = (view: EpisodeView): EpisodeView =>
  view.history.canUndo && !view.history.canRedo
    ? view
    : { ...view, history: { ...view.history, canUndo: true, canRedo: false, redoLabel: null } }

/** What an edit will change in the view, to show at once; null for an edit whose view waits for the core. */
export function optimisticPatch<K extends MethodName>(method: K, request: RequestOf<K>): ViewPatch | null {
  const patcher = PATCHERS[method] as Patcher<K> | undefined
  const patch = patcher ? patcher(request) : null
  if (!patch) return null
  return (view) => {
    const next = patch(view)
    return next === view ? view : undoable(next)
  }
}
