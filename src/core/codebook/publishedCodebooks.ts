/**
 * Published codebook versions by content, for a library that exchanges them with others (the desk's
 * catalogue, issue 45): list them, read one's content, and write one another library published.
 */
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import type { CodebookStamp } from './codebookStamp'
import { insertVersion, readVersion, writeContent, type CodebookContent } from './codebookRows'

/** Every published version in the library, by show then version. */
export function publishedVersions(db: Db): CodebookStamp[] {
  return statement(
    db,
    `SELECT show, version FROM codebook_versions WHERE state = 'published' ORDER BY show, version`,
  ).all() as CodebookStamp[]
}

/** What the library holds at (show, version): its content and whether it is published; null when nothing. */
export function heldVersion(
  db: Db,
  show: string,
  version: number,
): { published: boolean; content: CodebookContent } | null {
  const held = readVersion(db, show, version)
  return held
    ? { published: held.state === 'published', content: { scale: held.scale, dimensions: held.dimensions } }
    : null
}

/**
 * Writes another library's published version, frozen as any published version is, in one transaction;
 * false (nothing written) when the library already holds that version, whatever its content.
 */
export function writePublishedVersion(
  db: Db,
  show: string,
  version: number,
  content: CodebookContent,
): boolean {
  return db
    .transaction((): boolean => {
      if (readVersion(db, show, version) !== null) return false
      insertVersion(db, show, version, 'published', content.scale)
      writeContent(db, show, version, content)
      return true
    })
    .immediate()
}
