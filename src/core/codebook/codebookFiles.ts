/** The codebook as a file's text (.qdc, Markdown, JSON), and a .qdc read as the show's next version. */
import fs from 'node:fs'
import nodePath from 'node:path'
import type { CodebookVersion } from '../../shared/codebook'
import { codebookContentSchema } from '../../shared/codebook'
import type { CodebookImport } from '../../shared/contract/codebook'
import type { Db } from '../db/openDatabase'
import { notFound, UserError } from '../errors'
import type { FileRefs } from '../service/fileRefs'
import { refuseBadContent, normalContent } from './codebookChecks'
import { draftVersionNumber, nextVersionNumber } from './codebookRows'
import { codebookMarkdown } from './codebookMarkdown'
import { getCodebook, saveDraft } from './codebookVersions'
import { codebookFromQdc, codebookToQdc, MAX_QDC_BYTES } from './qdc'

export type CodebookFormat = 'qdc' | 'md' | 'json'

const EXTENSIONS: Record<CodebookFormat, string> = { qdc: 'qdc', md: 'md', json: 'json' }

/** A show's name as a file name: letters and digits joined by dashes. */
const slug = (show: string): string =>
  show
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'show'

export function exportCodebook(
  db: Db,
  show: string,
  format: CodebookFormat,
  version?: number,
): { text: string; fileName: string } {
  const codebook = getCodebook(db, show, version)
  if (!codebook)
    throw version === undefined
      ? new UserError('not-found', `${show} has no published codebook yet`)
      : notFound(`version ${version} of ${show}'s codebook`)
  const fileName = `${slug(show)}-codebook-v${codebook.version}.${EXTENSIONS[format]}`
  const text =
    format === 'md'
      ? codebookMarkdown(codebook)
      : format === 'json'
        ? JSON.stringify(codebook, null, 2) + '\n'
        : codebookToQdc(codebook)
  return { text, fileName }
}

function readQdc(path: string): string {
  const stat = fs.statSync(path, { throwIfNoEntry: false })
  if (!stat?.isFile()) throw new UserError('not-found', `${path} is not a file`)
  // Refused before it is read: the reader's own limit, said of the file.
  if (stat.size > MAX_QDC_BYTES)
    throw new UserError(
      'invalid-input',
      `${nodePath.basename(path)} is ${(stat.size / 1024 / 1024).toFixed(1)} MB; a .qdc over ${MAX_QDC_BYTES / 1024 / 1024} MB is refused`,
    )
  return fs.readFileSync(path, 'utf8')
}

/**
 * Reads a REFI-QDA codebook as the show's draft (made first, as the next version, when there is none),
 * checked as any draft is; with `dryRun` only says what it would make.
 */
export function importCodebook(
  db: Db,
  files: FileRefs,
  request: { show: string; file: string; dryRun?: boolean | undefined },
): CodebookImport {
  const path = files.resolve(request.file)
  const read = named(path, () => codebookFromQdc(readQdc(path), request.show))
  // What the reader made is outside input to the codebook too: checked by the draft's own schema.
  const parsed = codebookContentSchema.safeParse(read.content)
  if (!parsed.success)
    throw new UserError(
      'invalid-input',
      `${nodePath.basename(path)}: ${parsed.error.issues.map((i) => `/${i.path.join('/')}: ${i.message}`).join('; ')}`,
    )
  const content = normalContent(parsed.data)
  if (request.dryRun === true) {
    refuseBadContent(db, content)
    const draft = draftVersionNumber(db, request.show)
    const codebook: CodebookVersion = {
      show: request.show,
      version: draft ?? nextVersionNumber(db, request.show),
      state: 'draft',
      ...content,
      createdAt: new Date().toISOString(),
      publishedAt: null,
      used: false,
    }
    return { codebook, notes: read.notes, written: false }
  }
  return { codebook: saveDraft(db, request.show, content), notes: read.notes, written: true }
}

/** A refusal of the reading, prefixed with the file's name so the sentence says which file. */
function named<T>(path: string, read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof UserError)
      throw new UserError(error.code, `${nodePath.basename(path)}: ${error.message}`)
    throw error
  }
}
