import { useEffect, useRef, useState, type FormEvent } from 'react'
import { acceptFor, refusalOf } from '../../../shared/fileKinds'
import { call, platform, type ChosenFile } from '../platform'
import { MessageLine } from '../MessageLines'
import { BrowserFileButton } from '../BrowserFileButton'
import { TEXT_LIMITS, tooLong } from '../../../shared/textLimits'
import { overLimit } from '../fields/TextLimit'
import { LimitedField } from '../fields/LimitedField'
import { refusalInWords } from '../episode/refusalInWords'

function FilePicker(props: {
  kind: 'media' | 'transcript'
  label: string
  chosen: ChosenFile | null
  onChosen: (file: ChosenFile) => void
  onError: (message: string) => void
}): React.JSX.Element {
  const { kind, label, chosen, onChosen, onError } = props
  const choose = platform.chooseFile
  return (
    <div className="field">
      <span>{label}</span>
      {choose ? (
        <button
          type="button"
          onClick={() =>
            void choose(kind).then(
              (f) => f && onChosen(f),
              (e: Error) => onError(e.message),
            )
          }
        >
          Choose…
        </button>
      ) : (
        <BrowserFileButton
          text="Choose…"
          label={label}
          accept={acceptFor(kind)}
          onFile={(file) =>
            platform.adoptFile(file, kind).then(onChosen, (err: Error) => onError(err.message))
          }
        />
      )}
      <span className="chosen">{chosen?.name ?? 'none chosen'}</span>
    </div>
  )
}

/** The episode's texts the form asks for, in order, each with the core's limit: its field and its check. */
const TEXTS: readonly { name: 'title' | 'show'; label: string; limit: number; placeholder?: string }[] = [
  { name: 'title', label: 'Title', limit: TEXT_LIMITS.short, placeholder: 'from the file name' },
  { name: 'show', label: 'Show', limit: TEXT_LIMITS.name },
]

/** Media plus transcript, by dialog or by dropping the files; the core checks both before writing. */
export function NewEpisodeForm(props: {
  dropped: readonly File[]
  onCreated: (id: string) => void
  onCancel: () => void
}): React.JSX.Element {
  const [media, setMedia] = useState<ChosenFile | null>(null)
  const [transcript, setTranscript] = useState<ChosenFile | null>(null)
  const [texts, setTexts] = useState({ title: '', show: '' })
  const [date, setDate] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The form takes the keyboard where it opens: its first picker, not the page's body behind the
  // button that opened it (now disabled).
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => form.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus(), [])

  useEffect(() => {
    for (const file of props.dropped) {
      const isTranscript = refusalOf('transcript', file.name, 0) === null
      platform.adoptFile(file, isTranscript ? 'transcript' : 'media').then(
        (chosen) => (isTranscript ? setTranscript(chosen) : setMedia(chosen)),
        (e: Error) => setError(e.message),
      )
    }
  }, [props.dropped])

  const submit = (event: FormEvent): void => {
    event.preventDefault()
    if (!media) {
      setError('Choose the episode’s audio or video first.')
      return
    }
    // Said before anything is sent, in the words of the core's refusal.
    const over = TEXTS.find((t) => overLimit(texts[t.name], t.limit))
    if (over) {
      setError(`The ${over.name} ${tooLong(over.limit)}`)
      return
    }
    const title = texts.title.trim()
    const show = texts.show.trim()
    setBusy(true)
    setError(null)
    call('episodes.create', {
      media: media.ref,
      ...(transcript && { transcript: transcript.ref }),
      ...(title && { title }),
      ...(show && { show }),
      ...(date && { publishedOn: date }),
    }).then(
      ({ id }) => props.onCreated(id),
      (e: Error) => {
        setBusy(false)
        // The door names a request path (/title: …); the editor reads the field's name.
        setError(refusalInWords(e.message))
      },
    )
  }

  return (
    <form
      ref={form}
      className="new-episode"
      aria-label="New episode"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || busy) return
        e.preventDefault()
        props.onCancel()
      }}
    >
      <h2>New episode</h2>
      <p className="hint">Drop the media and transcript files here, or choose them.</p>
      <FilePicker
        kind="media"
        label="Media (audio or video)"
        chosen={media}
        onChosen={setMedia}
        onError={setError}
      />
      <FilePicker
        kind="transcript"
        label="Transcript (VTT, SRT, JSON or text)"
        chosen={transcript}
        onChosen={setTranscript}
        onError={setError}
      />
      {TEXTS.map((t) => (
        <LimitedField
          key={t.name}
          label={t.label}
          id={`new-episode-${t.name}-limit`}
          value={texts[t.name]}
          limit={t.limit}
          onChange={(text) => setTexts((was) => ({ ...was, [t.name]: text }))}
          placeholder={t.placeholder}
        />
      ))}
      <label className="field">
        <span>Air date</span>
        <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <MessageLine kind="error" message={error} />
      <div className="actions">
        <button type="submit" disabled={busy || !media}>
          {busy ? 'Creating…' : 'Create episode'}
        </button>
        <button type="button" onClick={props.onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}
