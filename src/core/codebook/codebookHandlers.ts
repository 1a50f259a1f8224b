import type { codebookMethods } from '../../shared/contract/codebook'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import type { FileRefs } from '../service/fileRefs'
import type { Handlers } from '../service/handlers'

const notYet = (): never => {
  throw new UserError('invalid-request', 'the codebook is not built yet')
}

/** The codebook's methods (issue 45): each in its module under core/codebook. */
export function codebookHandlers(_db: Db, _files: FileRefs): Pick<Handlers, keyof typeof codebookMethods> {
  return {
    'codebook.get': notYet,
    'codebook.versions': notYet,
    'codebook.draft': notYet,
    'codebook.saveDraft': notYet,
    'codebook.publish': notYet,
    'codebook.ofAnalysis': notYet,
    'codebook.moveAnalysis': notYet,
    'codebook.export': notYet,
    'codebook.import': notYet,
  }
}
