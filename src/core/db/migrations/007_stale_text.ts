import type { Migration } from './migration'

export const migration007: Migration = {
  version: 7,
  name: 'where a quote came from, and reasoning kept on purpose',
  // quote_filled says whether a statement's quote is the transcript's words in its span (1), so a span
  // edit fills it again, or was typed (0: by the editor, or a machine's that is not those words), so a
  // span edit keeps it and the quote check flags it. NULL for statements made before Episcore knew:
  // a span edit then judges by whether the quote is the words of the span as it was.
  // reasoning_confirmed_value is the score at which the reviewer kept a machine's reasoning for a score
  // they changed; while it differs from the value, the machine's reasoning is stale and publishing waits.
  sql: `
    ALTER TABLE statements ADD COLUMN quote_filled INTEGER CHECK (quote_filled IN (0, 1));
    ALTER TABLE scores ADD COLUMN reasoning_confirmed_value INTEGER;
  `,
}
