/** The core keeps every chapter at least this long when a boundary moves; the timeline's preview agrees. */
export const MIN_CHAPTER_SECONDS = 0.5
