import type { ParsedRequestOf, ResponseOf } from '../../shared/contract'
import type { codebookMethods } from '../../shared/contract/codebook'
import type { Db } from '../db/openDatabase'
import { episodeView } from '../episodes/episodeQueries'
import type { FileRefs } from '../service/fileRefs'
import { analysisCodebook, moveAnalysis } from './analysisCodebook'
import { addAnchor } from './codebookAnchors'
import { exportCodebook, importCodebook } from './codebookFiles'
import { codebookVersions, draftCodebook, getCodebook, publishCodebook, saveDraft } from './codebookVersions'

/** The handlers' shape, named here: importing it from service/handlers would make an import circle. */
type CodebookHandlers = {
  [K in keyof typeof codebookMethods]: (request: ParsedRequestOf<K>) => ResponseOf<K>
}

/** The codebook's methods (issue 45): each in its module under core/codebook. */
export function codebookHandlers(db: Db, files: FileRefs): CodebookHandlers {
  return {
    'codebook.get': (r) => getCodebook(db, r.show, r.version),
    'codebook.versions': (r) => codebookVersions(db, r.show),
    'codebook.draft': (r) => draftCodebook(db, r.show),
    'codebook.saveDraft': (r) => saveDraft(db, r.show, r.content),
    'codebook.publish': (r) => publishCodebook(db, r.show),
    'codebook.addAnchor': (r) => addAnchor(db, r),
    'codebook.ofAnalysis': (r) => analysisCodebook(db, r.id),
    'codebook.moveAnalysis': (r) => {
      const { flagged } = moveAnalysis(db, r.id)
      return { view: episodeView(db, r.id), flagged }
    },
    'codebook.export': (r) => exportCodebook(db, r.show, r.format, r.version),
    'codebook.import': (r) => importCodebook(db, files, r),
  }
}
