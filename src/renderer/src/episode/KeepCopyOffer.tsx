import { useEffect, useState } from 'react'
import { fromTheDesk, personName } from '../desk/deskWords'
import { MessageLine } from '../MessageLines'
import { call } from '../platform'
import { QuestionDialog } from '../QuestionDialog'
import { go } from '../routes'

/**
 * An edit of another person's analysis pulled from the desk was refused (it stays theirs): the keep-both
 * rule offers a copy of one's own, which opens in its place to be changed.
 */
export function KeepCopyOffer(props: { id: string; onClose: () => void }): React.JSX.Element {
  const { id, onClose } = props
  const [owner, setOwner] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    // Whose it is: the library's list names each pulled analysis's owner.
    let live = true
    call('episodes.list', {}).then(
      (list) => live && setOwner(list.find((a) => a.id === id)?.deskOwner ?? null),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [id])
  const keep = (): void => {
    setError(null)
    call('episodes.duplicate', { id }).then(
      (copy) => {
        onClose()
        go({ screen: 'episode', id: copy.id, at: null })
      },
      (e: Error) => setError(e.message),
    )
  }
  const whose = owner ? `${personName(owner)}’s` : 'another person’s'
  return (
    <QuestionDialog
      className="replace-edits keep-copy"
      title="Keep a copy of your own?"
      onCancel={onClose}
      onSubmit={keep}
      submit="Keep a copy"
      focusSubmit
    >
      <p>This is {whose} analysis from the desk. Keep a copy of your own to change it?</p>
      <p className="hint">
        {owner ? fromTheDesk(owner) : 'From the desk'}: it stays as it is here and in the desk; the copy is
        yours, and the desk gets it at the next sync.
      </p>
      <MessageLine kind="error" message={error} />
    </QuestionDialog>
  )
}
