/** The tables an edit may touch, with the columns that identify a row. */
export const EDITABLE_TABLES = {
  episodes: ['id'],
  participants: ['episode_id', 'id'],
  transcript_segments: ['episode_id', 'id'],
  rubric_dimensions: ['episode_id', 'key'],
  chapters: ['episode_id', 'id'],
  scores: ['episode_id', 'chapter_id', 'dimension_key'],
  highlights: ['episode_id', 'id'],
  statements: ['episode_id', 'id'],
} as const

export type EditableTable = keyof typeof EDITABLE_TABLES
export type SqlValue = string | number | bigint | null | Buffer
export type Row = Record<string, SqlValue>

export const isEditableTable = (name: string): name is EditableTable => Object.hasOwn(EDITABLE_TABLES, name)
