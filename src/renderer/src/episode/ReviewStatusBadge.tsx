import type { EpisodeSummary } from '../../../shared/contract'

type ReviewStatus = EpisodeSummary['reviewStatus']

/** The review status as the editor reads it. */
export const REVIEW_STATUS_WORDS: Record<ReviewStatus, string> = {
  draft: 'Draft',
  inReview: 'In review',
  final: 'Final',
}

const STATUS_MEANING: Record<ReviewStatus, string> = {
  draft: 'Not reviewed yet',
  inReview: 'Being reviewed: Publish… makes it final once nothing blocks publishing',
  final: 'Published as final; any change puts it back in review',
}

/** Where the episode is in its review, always in the bar: an edit of a final episode changes it at once. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }): React.JSX.Element {
  return (
    <span className={`review-status review-status-${status}`} title={STATUS_MEANING[status]}>
      <span className="visually-hidden">Review status: </span>
      {REVIEW_STATUS_WORDS[status]}
    </span>
  )
}

/** Said once, by the edit that takes a final episode back into review. */
export const LEFT_FINAL_NOTICE =
  'This episode was published as final; this change puts it back in review. Publish… again to make it final (Undo makes it final again).'

export const leftFinal = (before: ReviewStatus | undefined, after: ReviewStatus): boolean =>
  before === 'final' && after !== 'final'
