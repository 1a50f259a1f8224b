import type { CiteTarget } from '../../../../shared/contract'
import type { EvidenceItem } from '../../../../shared/episodeFormat'
import { InlineText } from '../chapters/InlineText'
import { EvidenceChips, type CiteActions } from './EvidenceChips'

/**
 * A text the editor writes and cites evidence for (a chapter's why, a highlight's description): edited
 * in place, its citations' chips under it. Without a target (no highlight yet) there is nothing to cite.
 */
export function CitedText(props: {
  text: { value: string; label: string; placeholder: string; onCommit: (text: string) => void }
  target: CiteTarget | null
  items: readonly EvidenceItem[] | undefined
  cite: CiteActions
}): React.JSX.Element {
  const { text, target } = props
  return (
    <>
      <InlineText multiline {...text} />
      {target && <EvidenceChips target={target} items={props.items} cite={props.cite} />}
    </>
  )
}
