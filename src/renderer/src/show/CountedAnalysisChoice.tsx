import { useId } from 'react'
import { countedChoiceText, type CountedChoice } from '../../../shared/analyses'
import type { ShowTrends } from '../../../shared/contract'

const REVIEWER = 'reviewer:'

const valueOf = (choice: CountedChoice): string =>
  typeof choice === 'object' ? `${REVIEWER}${choice.reviewer}` : choice

const choiceOf = (value: string): CountedChoice =>
  value.startsWith(REVIEWER)
    ? { reviewer: value.slice(REVIEWER.length) }
    : value === 'machine'
      ? 'machine'
      : 'rule'

/**
 * Which analysis the page counts: each episode once, through one of its analyses (the rule, or the
 * show's own choice, kept in the library). Says how many episodes have more than one analysis.
 */
export function CountedAnalysisChoice(props: {
  trends: ShowTrends
  onChoose: (choice: CountedChoice) => void
}): React.JSX.Element {
  const { trends, onChoose } = props
  const id = useId()
  const several = trends.episodes.filter((e) => e.analysisCount > 1).length
  const choices: CountedChoice[] = ['rule', 'machine', ...trends.reviewers.map((reviewer) => ({ reviewer }))]
  // A reviewer chosen before whose analyses are gone stays shown as the choice it is.
  if (!choices.some((c) => valueOf(c) === valueOf(trends.choice))) choices.push(trends.choice)
  return (
    <section aria-labelledby={`${id}-heading`} className="counted-analysis">
      <h2 id={`${id}-heading`}>Which analysis counts</h2>
      <p className="hint">
        An episode is counted once, however many analyses of it the library holds (
        {several === 1 ? 'one episode here has' : `${several} episodes here have`} more than one): through the
        analysis chosen below, where the episode has one, else through the consensus, the final reviewed
        analysis, the latest a person edited or the machine’s, in that order. The table of averages names the
        analysis each episode counts through.
      </p>
      <label htmlFor={id}>Count each episode through </label>
      <select id={id} value={valueOf(trends.choice)} onChange={(e) => onChoose(choiceOf(e.target.value))}>
        {choices.map((c) => (
          <option key={valueOf(c)} value={valueOf(c)}>
            {countedChoiceText(c)}
          </option>
        ))}
      </select>
    </section>
  )
}
