import {
  contract,
  isMethodName,
  type BackupInfo,
  type EpisodeView,
  type MethodName,
  type ParsedRequestOf,
  type ResponseOf,
  type RestoreOutcome,
  type RestoreProgress,
} from '../../shared/contract'
import { jsonPointer } from '../../shared/jsonPointer'
import { PROTOTYPE_KEY_PROBLEM, protoKeyPaths } from '../../shared/prototypeKeys'
import { fail, ok, type Reply } from '../../shared/result'
import { mergeNextChapter, moveChapterBoundary, splitChapter } from '../analysis/chapterBands'
import { deleteChapter, updateChapter } from '../analysis/chapters'
import { agreementOffThread, buildConsensusOffThread } from '../agreement/agreementOffThread'
import { takeFromAnalysis } from '../agreement/consensus'
import { consensusChoices } from '../agreement/consensusChoices'
import { analysesOf } from '../agreement/analysesOf'
import { deleteHighlight, setHighlight, updateHighlight } from '../analysis/highlights'
import { addParticipant, removeParticipant, updateParticipant } from '../analysis/participants'
import { addDimension, moveDimension, removeDimension, updateDimension } from '../analysis/rubric'
import { saveDefaultRubric } from '../analysis/saveDefaultRubric'
import { confirmReasoning, setScore } from '../analysis/scores'
import { confirmQuote } from '../analysis/confirmQuote'
import { createStatement, deleteStatement, updateStatement } from '../analysis/statements'
import type { Db } from '../db/openDatabase'
import { sqliteUserError } from '../db/sqliteErrors'
import { createEpisode } from '../episodes/createEpisode'
import { codebookHandlers } from '../codebook/codebookHandlers'
import { DeskService } from '../desk/deskService'
import { assignEpisodes, deskQueue, sendBack, submitAnalysis } from '../desk/work/assignments'
import { calibrationResult, deskBoard, deskDrift, setConsensus, setReference } from '../desk/work/board'
import type { DeskWorkContext } from '../desk/work/deskWorkContext'
import type { deskMethods } from '../../shared/contract/desk'
import type { deskWorkMethods } from '../../shared/contract/deskWork'
import { libraryDimensions } from '../library/scoreAverages'
import { libraryShows, pointReasoning, setCountedChoice, showTrends } from '../library/showTrends'
import { episodeRow, episodeView, listEpisodes, listingStart, mediaRow } from '../episodes/episodeQueries'
import { relinkMedia } from '../episodes/relinkMedia'
import { duplicateEpisode, listTrash, refuseTrashed, restoreEpisode, trashEpisode } from '../episodes/trash'
import { recheckMedia } from '../media/mediaPath'
import { updateEpisode } from '../episodes/updateEpisode'
import { UserError } from '../errors'
import { episodeJsonText, episodeSlug, exportEpisode, exportFileName } from '../export/exportEpisode'
import { redo, undo } from '../history/editHistory'
import { loadEpisodeFileOffThread, loadEpisodeFiles } from '../load/loadEpisode'
import type { PeaksCache } from '../media/peaksCache'
import { mapSpeakers } from '../participants/mapSpeakers'
import { publishEpisode } from '../publish/publishEpisode'
import { setEvidence } from '../analysis/evidenceEdits'
import { keepPublishingChoices, readPublishingChoices } from '../publish/site/publishingChoices'
import { defaultSiteFolder, exportSite } from '../publish/site/writeSite'
import { setBlind } from '../review/blindReview'
import { acceptItem, rejectItem } from '../review/reviewItems'
import { reviewerName, setReviewerName } from '../review/reviewerName'
import { reviewReport } from '../review/reviewReport'
import { writeReviewReportCsv } from '../review/reviewReportCsv'
import { keepPreferences, readPreferences } from '../settings/preferences'
import { editSegmentText } from '../transcript/editSegmentText'
import { exportTranscript } from '../transcript/exportTranscript'
import { importTranscript } from '../transcript/importTranscript'
import { transcriptView } from '../transcript/transcriptQueries'
import { searchLibrary } from '../search/searchLibrary'
import type { FileRefs } from './fileRefs'
import { writeAtomically } from './writeAtomically'

export type Handlers = {
  [K in MethodName]: (request: ParsedRequestOf<K>) => ResponseOf<K> | Promise<ResponseOf<K>>
}

/**
 * Backups replace the database file itself, so they belong to whoever opened it (the app's
 * {@link DatabaseSession}), not to handlers that hold one open connection.
 */
export interface BackupActions {
  list(): BackupInfo[]
  create(): Promise<BackupInfo>
  restore(backup: string): Promise<RestoreOutcome>
  /** The restore under way, or null. */
  restoring(): RestoreProgress | null
}

export interface CoreContext {
  db: Db
  files: FileRefs
  peaks: PeaksCache
  /** Absent where nothing owns the database file (tests, tools): backups.* are then refused. */
  backups?: BackupActions
  /** What the start has to tell the library (see DatabaseSession); none where nothing started. */
  notices?: () => string[]
  /** The library's desk; made on first use where the opener gives none (one that does not sync live). */
  desk?: DeskService
}

const backupHandlers = (
  backups: BackupActions | undefined,
): Pick<Handlers, 'backups.list' | 'backups.create' | 'backups.restore' | 'backups.restoring'> => {
  const actions = (): BackupActions => {
    if (!backups)
      throw new UserError('invalid-request', 'backups are kept by the app that opened the database')
    return backups
  }
  return {
    'backups.list': () => actions().list(),
    'backups.create': () => actions().create(),
    'backups.restore': (r) => actions().restore(r.backup),
    'backups.restoring': () => actions().restoring(),
  }
}

/**
 * For a database that cannot be used: every method answers `refusal`, except the backups, which are
 * the way out. Requests are still checked against the contract first.
 */
export function refusingHandlers(refusal: UserError, backups: BackupActions): Handlers {
  const refuse = (): never => {
    throw refusal
  }
  const all = Object.fromEntries(Object.keys(contract).map((method) => [method, refuse])) as Record<
    MethodName,
    typeof refuse
  >
  return { ...all, ...backupHandlers(backups) }
}

/** The methods that may name a trashed episode: the trash's own. Every other is refused for one. */
const TRASH_METHODS: ReadonlySet<MethodName> = new Set<MethodName>(['episodes.trash', 'episodes.restore'])

/** The episode ids a request names, wherever the contract puts them (`id`, `ids`, `from`). */
function namedEpisodes(request: unknown): string[] {
  if (typeof request !== 'object' || request === null) return []
  const { id, ids, from } = request as { id?: unknown; ids?: unknown; from?: unknown }
  return [id, from, ...(Array.isArray(ids) ? (ids as unknown[]) : [])].filter(
    (x): x is string => typeof x === 'string',
  )
}

/**
 * Refuses every call naming a trashed episode, in one place, so no method (and no window still
 * showing it) edits or reads what the editor deleted; the refusal says it was moved to the trash.
 */
function refusingTrashed(db: Db, handlers: Handlers): Handlers {
  const guarded = Object.fromEntries(
    Object.entries(handlers).map(([method, handler]) => [
      method,
      TRASH_METHODS.has(method as MethodName)
        ? handler
        : (request: unknown) => {
            refuseTrashed(db, namedEpisodes(request))
            return (handler as (r: unknown) => unknown)(request)
          },
    ]),
  )
  return guarded as Handlers
}

/** The core's side of the contract: one function per method. */
export function createHandlers(context: CoreContext): Handlers {
  return refusingTrashed(context.db, contractHandlers(context))
}

const deskHandlers = (
  db: Db,
  given: DeskService | undefined,
): Pick<Handlers, keyof typeof deskMethods | keyof typeof deskWorkMethods> => {
  let made: DeskService | undefined
  const desk = (): DeskService => given ?? (made ??= new DeskService(db))
  return {
    'desk.status': () => desk().status(),
    'desk.connect': (r) => desk().connect(r),
    'desk.disconnect': () => desk().disconnect(),
    'desk.sync': () => desk().sync(),
    'desk.list': () => desk().list(),
    'desk.get': (r) => desk().sync('ids' in r ? { ids: r.ids } : { show: r.show }),
    'desk.history': (r) => desk().history(r.id),
    'desk.verify': () => desk().verify(),
    ...deskWorkHandlers(() => ({ db, desk: desk() })),
  }
}

/** The desk's work: each method's module under core/desk/work. */
const deskWorkHandlers = (context: () => DeskWorkContext): Pick<Handlers, keyof typeof deskWorkMethods> => ({
  'desk.assign': (r) => assignEpisodes(context(), r),
  'desk.queue': () => deskQueue(context()),
  'desk.submit': (r) => submitAnalysis(context(), r.id),
  'desk.sendBack': (r) => sendBack(context(), r),
  'desk.board': (r) => deskBoard(context(), r),
  'desk.setConsensus': (r) => setConsensus(context(), r),
  'desk.setReference': (r) => setReference(context(), r),
  'desk.drift': (r) => deskDrift(context(), r),
  'desk.calibration': (r) => calibrationResult(context(), r.id),
})

function contractHandlers({ db, files, peaks, backups, notices, desk }: CoreContext): Handlers {
  /** An edit answers the episode as it now is, so the window redraws from the one reply. */
  const editedWith =
    <R extends { id: string }, More extends object>(edit: (r: R) => More) =>
    (r: R): { view: EpisodeView } & More => ({ ...edit(r), view: episodeView(db, r.id) })
  const edited = <R extends { id: string }>(edit: (r: R) => unknown) =>
    editedWith((r: R) => {
      edit(r)
      return {}
    })
  return {
    ...deskHandlers(db, desk),
    ...codebookHandlers(db, files),
    // A copy of the kept listing's array: its rows are shared, and only read.
    'episodes.list': () => [...listEpisodes(db)],
    'episodes.listStart': () => listingStart(db),
    'library.dimensions': () => libraryDimensions(db),
    'library.notices': () => notices?.() ?? [],
    'library.shows': () => libraryShows(db),
    'library.showTrends': (r) => showTrends(db, r.show),
    'library.setCountedAnalysis': (r) => setCountedChoice(db, r.show, r.choice),
    'library.pointReasoning': (r) => ({ text: pointReasoning(db, r.id, r.dimension) }),
    'library.search': (r) =>
      searchLibrary(db, r.query, {
        ...(r.show !== undefined && { show: r.show }),
        ...(r.limit !== undefined && { limit: r.limit }),
      }),
    'episodes.create': async (r) => {
      const warnings: string[] = []
      const id = await createEpisode(db, {
        mediaPath: files.resolve(r.media),
        ...(r.transcript && { transcriptPath: files.resolve(r.transcript) }),
        ...(r.title && { title: r.title }),
        ...(r.show && { show: r.show }),
        ...(r.publishedOn && { publishedOn: r.publishedOn }),
        onWarning: (warning) => warnings.push(warning),
      })
      return { id, warnings }
    },
    'episodes.open': async (r) => {
      await recheckMedia(db, r.id)
      return episodeView(db, r.id)
    },
    'episodes.trash': (r) => trashEpisode(db, r.id),
    'episodes.restore': (r) => restoreEpisode(db, r.id),
    'episodes.listTrash': () => listTrash(db),
    'episodes.duplicate': (r) => duplicateEpisode(db, r.id),
    'episodes.mediaLocation': (r) => {
      episodeRow(db, r.id)
      const media = mediaRow(db, r.id)
      return { path: media === null || media.path === '' ? null : media.path }
    },
    'episodes.update': edited((r) => updateEpisode(db, r.id, r.patch)),
    'episodes.export': (r) => {
      const doc = exportEpisode(db, r.id)
      return { fileName: exportFileName(doc), json: episodeJsonText(doc) }
    },
    // A final export makes the episode final (an edit Undo takes back): the view says so.
    'episodes.exportAs': editedWith((r) => {
      const saveTo = r.saveTo === undefined ? undefined : files.resolveOutput(r.saveTo)
      const file = publishEpisode(db, r.id, r.format, {
        final: r.final ?? false,
        ...(saveTo !== undefined && { deliver: ({ text }) => writeAtomically(saveTo, text) }),
        ...(r.baseUrl !== undefined && { baseUrl: r.baseUrl }),
      })
      if (r.format === 'podcast-item' && r.baseUrl !== undefined)
        keepPublishingChoices(db, r.id, { baseUrl: r.baseUrl.trim() })
      return file
    }),
    'episodes.exportSite': (r) =>
      exportSite(
        db,
        r.id,
        r.folder === undefined ? defaultSiteFolder(db, r.id) : files.resolveOutput(r.folder),
        {
          ...(r.mediaAs !== undefined && { mediaAs: r.mediaAs }),
          ...(r.mediaUrl !== undefined && { mediaUrl: r.mediaUrl }),
        },
      ),
    'episodes.publishingChoices': (r) => ({
      ...readPublishingChoices(db, r.id),
      mediaKind: mediaRow(db, r.id)?.kind ?? null,
    }),
    // Read and checked off the event loop for a large file: other windows' calls go on meanwhile.
    'episodes.load': (r) =>
      loadEpisodeFileOffThread(db, files.resolve(r.file), {
        replace: r.replace ?? false,
        keepBoth: r.keepBoth ?? false,
        ...(r.media !== undefined && { media: files.resolve(r.media) }),
      }),
    'episodes.loadMany': async (r) => ({
      results: await loadEpisodeFiles(
        db,
        r.files.map((f) => files.resolve(f)),
        { replace: r.replace ?? false, keepBoth: r.keepBoth ?? false },
      ),
    }),
    'episodes.relinkMedia': async (r) => {
      const { sameContent } = await relinkMedia(db, r.id, files.resolve(r.media))
      return { view: episodeView(db, r.id), sameContent }
    },
    'media.peaks': (r) => peaks.status(db, r.id, r.restart ? 'restart' : 'start'),
    'media.cancelPeaks': (r) => peaks.cancel(db, r.id),
    'media.partialPeaks': (r) => peaks.partial(db, r.id, r.points),
    'transcript.get': (r) => transcriptView(db, r.id),
    // Read off the event loop for a large file, so it is awaited before the view is read.
    'transcript.import': async (r) => {
      const imported = await importTranscript(db, r.id, files.resolve(r.file), {
        replaceEdited: r.replaceEdited ?? false,
      })
      return { ...imported, view: episodeView(db, r.id) }
    },
    'transcript.editSegment': edited((r) => editSegmentText(db, r.id, r.segmentId, r.text)),
    'transcript.export': (r) => exportTranscript(db, r.id, r.format),
    'participants.mapSpeakers': edited((r) => mapSpeakers(db, r.id, r.speakers)),
    'statements.create': editedWith((r) => ({ statementId: createStatement(db, r.id, r) })),
    'statements.update': edited((r) => updateStatement(db, r.id, r.statementId, r.patch)),
    'statements.confirmQuote': edited((r) => confirmQuote(db, r.id, r.statementId)),
    'statements.delete': edited((r) => deleteStatement(db, r.id, r.statementId)),
    'chapters.split': editedWith((r) => ({ chapterId: splitChapter(db, r.id, r.at) })),
    'chapters.moveBoundary': edited((r) => moveChapterBoundary(db, r.id, r.chapterId, r.edge, r.at)),
    'chapters.mergeNext': edited((r) => mergeNextChapter(db, r.id, r.chapterId)),
    'chapters.update': edited((r) => updateChapter(db, r.id, r.chapterId, r.patch)),
    'chapters.delete': edited((r) => deleteChapter(db, r.id, r.chapterId)),
    'scores.set': edited((r) => setScore(db, r.id, r.chapterId, r.dimension, r)),
    'scores.confirmReasoning': edited((r) => confirmReasoning(db, r.id, r.chapterId, r.dimension)),
    'rubric.add': edited((r) => addDimension(db, r.id, r)),
    'rubric.update': edited((r) => updateDimension(db, r.id, r.key, r.patch)),
    'rubric.move': edited((r) => moveDimension(db, r.id, r.key, r.to)),
    'rubric.remove': edited((r) => removeDimension(db, r.id, r.key)),
    'rubric.saveDefault': (r) => saveDefaultRubric(db, r.id),
    'highlights.set': edited((r) => setHighlight(db, r.id, r.dimension, r)),
    'highlights.update': edited((r) => updateHighlight(db, r.id, r.highlightId, r.patch)),
    'highlights.delete': edited((r) => deleteHighlight(db, r.id, r.highlightId)),
    'evidence.set': edited((r) => setEvidence(db, r.id, r.target, r.evidence)),
    'participants.add': edited((r) => addParticipant(db, r.id, r)),
    'participants.update': edited((r) => updateParticipant(db, r.id, r.participantId, r.patch)),
    'participants.remove': edited((r) => removeParticipant(db, r.id, r.participantId)),
    'consensus.take': edited((r) => takeFromAnalysis(db, r.id, r.from, r.item)),
    // Built off the event loop where this process answers windows, as an agreement is measured.
    'consensus.build': (r) => buildConsensusOffThread(db, r.ids),
    'consensus.choices': (r) => consensusChoices(db, r.id),
    'review.accept': edited((r) => acceptItem(db, r.id, r.kind, r.itemId)),
    'review.reject': edited((r) => rejectItem(db, r.id, r.kind, r.itemId)),
    'review.setBlind': edited((r) => setBlind(db, r.id, r.blind)),
    'review.report': (r) => reviewReport(db, r.id),
    'episodes.analysesOf': (r) => analysesOf(db, r.id),
    // Measured off the event loop where this process answers windows: fifty analyses take seconds.
    'episodes.agreement': (r) =>
      agreementOffThread(
        r.ids.map((id) => ({ source: id, document: exportEpisode(db, id, { includeTranscript: false }) })),
      ),
    'reviewer.get': () => ({ name: reviewerName(db) }),
    'reviewer.set': (r) => setReviewerName(db, r.name),
    'preferences.get': () => readPreferences(db),
    'preferences.set': (request) => keepPreferences(db, request),
    // The episode first: a rule kept for an episode that does not exist would be a refused call that wrote.
    'rules.requireEvidence': edited((r) => {
      episodeRow(db, r.id)
      keepPreferences(db, { requireEvidence: r.required })
    }),
    'review.exportReport': (r) => ({
      fileName: `${episodeSlug({ episode: episodeRow(db, r.id) })}.review.csv`,
      text: writeReviewReportCsv(reviewReport(db, r.id)),
    }),
    'history.undo': edited((r) => undo(db, r.id)),
    'history.redo': edited((r) => redo(db, r.id)),
    ...backupHandlers(backups),
  }
}

/**
 * The core's door: checks the method name and the request against the contract, runs the handler and
 * turns every outcome into a reply. User mistakes come back as messages; anything else is logged and
 * reported as an internal error without its stack.
 */
export async function dispatch(
  handlers: Handlers,
  method: string,
  request: unknown,
): Promise<Reply<unknown>> {
  if (!isMethodName(method)) return fail('unknown-method', `unknown method "${method}"`)
  const protoKeys = protoKeyPaths(request)
  if (protoKeys.length > 0)
    return fail(
      'invalid-request',
      protoKeys.map((p) => `${jsonPointer(p)}: ${PROTOTYPE_KEY_PROBLEM}`).join('; '),
    )
  const parsed = contract[method].request.safeParse(request ?? {})
  if (!parsed.success)
    return fail(
      'invalid-request',
      parsed.error.issues.map((i) => `${jsonPointer(i.path)}: ${i.message}`).join('; '),
    )
  try {
    const handler = handlers[method] as (r: unknown) => unknown
    return ok(await handler(parsed.data))
  } catch (error) {
    if (error instanceof UserError) return fail(error.code, error.message)
    // A busy, full or read-only database is the machine's state, not a bug: said plainly, not logged.
    const storage = sqliteUserError(error)
    if (storage) return fail(storage.code, storage.message)
    console.error(`episcore: ${method} failed:`, error)
    return fail('internal', `${method} failed: ${(error as Error).message ?? String(error)}`)
  }
}
