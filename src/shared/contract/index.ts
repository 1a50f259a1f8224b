/**
 * The API contract: one map of method name to request schema and response type. The Electron IPC
 * bridge, the browser host and the CLI all dispatch through it, and the core validates every
 * request against it at its door. Each capability declares its methods in a file of its own; this
 * joins them, refusing a method name two of them declare.
 */
import type { z } from 'zod'
import { agreementMethods } from './agreement'
import { backupsMethods } from './backups'
import { chaptersMethods } from './chapters'
import { codebookMethods } from './codebook'
import { deskMethods } from './desk'
import { deskWorkMethods } from './deskWork'
import { episodeMethods } from './episode'
import { evidenceMethods } from './evidence'
import { highlightsMethods } from './highlights'
import { libraryMethods } from './library'
import { mediaMethods } from './media'
import { participantsMethods } from './participants'
import { publishMethods } from './publish'
import { reviewMethods } from './review'
import { rubricMethods } from './rubric'
import { searchMethods } from './search'
import { settingsMethods } from './settings'
import { statementsMethods } from './statements'
import { transcriptMethods } from './transcript'
import { trendsMethods } from './trends'
import { joinCapabilities, type OneHomeEach } from './joinCapabilities'

export { fileRefSchema, outputRefSchema } from './fields'
export * from './agreement'
export * from './backups'
export * from './chapters'
export * from './codebook'
export * from './desk'
export * from './deskWork'
export * from './episode'
export * from './episodeView'
export * from './evidence'
export * from './highlights'
export * from './library'
export * from './media'
export * from './participants'
export * from './publish'
export * from './rubric'
export * from './review'
export * from './search'
export * from './settings'
export * from './statements'
export * from './transcript'
export * from './trends'

/**
 * Every capability's methods. The edits of the analysis (statements, chapters and scores, rubric,
 * highlights, evidence, participants) are each one command, one transaction and one undo step.
 */
const capabilities = {
  library: libraryMethods,
  trends: trendsMethods,
  search: searchMethods,
  episode: episodeMethods,
  media: mediaMethods,
  transcript: transcriptMethods,
  participants: participantsMethods,
  statements: statementsMethods,
  chapters: chaptersMethods,
  rubric: rubricMethods,
  highlights: highlightsMethods,
  evidence: evidenceMethods,
  review: reviewMethods,
  agreement: agreementMethods,
  publish: publishMethods,
  settings: settingsMethods,
  backups: backupsMethods,
  desk: deskMethods,
  deskWork: deskWorkMethods,
  codebook: codebookMethods,
}

/** Fails to compile, naming the method, when two capabilities declare the same method name. */
const oneHomeEach: OneHomeEach<typeof capabilities> = true
void oneHomeEach

export const contract = joinCapabilities(capabilities)

export type Contract = typeof contract
export type MethodName = keyof Contract
export type RequestOf<K extends MethodName> = z.input<Contract[K]['request']>
export type ParsedRequestOf<K extends MethodName> = z.output<Contract[K]['request']>
export type ResponseOf<K extends MethodName> = Contract[K]['response']

export const isMethodName = (name: string): name is MethodName => Object.hasOwn(contract, name)

/** The methods whose reply is `{ view, ... }`: the edits, and the exports, which may make an episode final. */
export type EditMethod = { [K in MethodName]: Contract[K]['edits'] extends true ? K : never }[MethodName]

export const answersWithView = (name: string): name is EditMethod =>
  isMethodName(name) && contract[name].edits
