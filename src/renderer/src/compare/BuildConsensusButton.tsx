import { useState } from 'react'
import { call } from '../platform'

/**
 * Starts a consensus of the analyses ticked: a new analysis, a copy of the first of them with every item
 * marked as coming from it, in which the editor then takes the others' values.
 */
export function BuildConsensusButton({
  ids,
  onBuilt,
  onError,
}: {
  ids: readonly string[]
  onBuilt: (id: string) => void
  onError: (message: string) => void
}): React.JSX.Element {
  const [building, setBuilding] = useState(false)
  return (
    <button
      type="button"
      className="primary"
      disabled={ids.length < 2 || building}
      title="A new analysis, starting as a copy of the first ticked, in which you take each value from the analysis you trust"
      onClick={() => {
        setBuilding(true)
        call('consensus.build', { ids: [...ids] }).then(
          ({ id }) => onBuilt(id),
          (e: Error) => {
            setBuilding(false)
            onError(e.message)
          },
        )
      }}
    >
      Build a consensus…
    </button>
  )
}
