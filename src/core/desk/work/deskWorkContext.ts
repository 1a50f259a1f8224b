import type { Db } from '../../db/openDatabase'
import type { DeskService } from '../deskService'

/** What the desk's work needs: the library, and its desk (the catalogue's connection as this person). */
export interface DeskWorkContext {
  db: Db
  desk: DeskService
}
