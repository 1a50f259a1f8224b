import { compactPart, compactView, expandPart, expandView } from './compactView'
import { answersWithView, type EpisodeView } from './contract'

/*
 * An edit answers with the episode as it now is. At full scale (a thousand statements, sixty chapters)
 * that is half a megabyte, of which one edit changes a line. The core therefore sends each window only
 * what differs from the last view that window holds, and the window rebuilds the whole view from it,
 * keeping every unchanged part and item as the same object, so React redraws only what changed.
 */

const LISTS = ['chapters', 'highlights', 'statements', 'participants'] as const
type ListKey = (typeof LISTS)[number]
type PartKey = Exclude<keyof EpisodeView, ListKey>
type Item<K extends ListKey> = EpisodeView[K][number]

/** A list's new order (only when it changed) and its new or changed items. */
export interface ListDelta<T> {
  ids?: string[]
  changed: T[]
}

export interface ViewDelta {
  parts: Partial<Pick<EpisodeView, PartKey>>
  lists: { [K in ListKey]?: ListDelta<Item<K>> }
}

/** What stands in a reply where the view was: the view whole, or what changed since `base`. */
export interface ViewMark {
  version: string
  base: string | null
  view?: EpisodeView
  delta?: ViewDelta
}

export const VIEW_MARK = '$episcoreView'
/** The request header (browser host) naming the view the window holds. */
export const VIEW_BASE_HEADER = 'x-episcore-view'
/** A version as {@link ViewSender} names them: the launch, then a count. */
export const isViewVersion = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{12}\.[0-9]{1,15}$/.test(value)

/** Equality of JSON values, as they would be after a trip through JSON (an absent key is `undefined`). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const other = b as unknown[]
    if (a.length !== other.length) return false
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], other[i])) return false
    return true
  }
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  for (const key in x) if (!sameValue(x[key], y[key])) return false
  for (const key in y) if (!(key in x) && y[key] !== undefined) return false
  return true
}

function diffList<T extends { id: string }>(base: readonly T[], next: readonly T[]): ListDelta<T> | null {
  // A list the core kept from the last view is the same array: nothing in it changed.
  if (base === next) return null
  const before = new Map(base.map((item) => [item.id, item]))
  const changed = next.filter((item) => !sameValue(before.get(item.id), item))
  const sameOrder = base.length === next.length && next.every((item, i) => item.id === base[i]?.id)
  if (sameOrder && changed.length === 0) return null
  return sameOrder ? { changed } : { ids: next.map((item) => item.id), changed }
}

/** What changed from `base` to `next`. */
export function diffView(base: EpisodeView, next: EpisodeView): ViewDelta {
  const delta: ViewDelta = { parts: {}, lists: {} }
  for (const key of Object.keys(next) as (keyof EpisodeView)[]) {
    if ((LISTS as readonly string[]).includes(key)) {
      const list = key as ListKey
      const changes = diffList<{ id: string }>(base[list], next[list])
      if (changes) (delta.lists as Record<string, unknown>)[list] = changes
    } else if (!sameValue(base[key], next[key]))
      (delta.parts as Record<string, unknown>)[key] = next[key as PartKey]
  }
  return delta
}

export class ViewDeltaError extends Error {
  override name = 'ViewDeltaError'
}

function applyList<T extends { id: string }>(base: readonly T[], delta: ListDelta<T>, name: string): T[] {
  const changed = new Map(delta.changed.map((item) => [item.id, item]))
  if (!delta.ids) return base.map((item) => changed.get(item.id) ?? item)
  const before = new Map(base.map((item) => [item.id, item]))
  return delta.ids.map((id) => {
    const item = changed.get(id) ?? before.get(id)
    if (!item) throw new ViewDeltaError(`the ${name} delta names ${id}, which neither view holds`)
    return item
  })
}

/** `base` with `delta` applied; every part and item the delta does not name is `base`'s own object. */
export function applyViewDelta(base: EpisodeView, delta: ViewDelta): EpisodeView {
  const next = { ...base, ...delta.parts } as EpisodeView
  for (const key of LISTS) {
    const changes = delta.lists[key]
    if (changes)
      (next as unknown as Record<string, unknown>)[key] = applyList<{ id: string }>(base[key], changes, key)
  }
  return next
}

/** A delta's parts and items as they travel, and as the window reads them (compactView.ts). */
const mapDelta = (delta: ViewDelta, change: (key: string, value: unknown) => unknown): ViewDelta => ({
  parts: Object.fromEntries(Object.entries(delta.parts).map(([key, value]) => [key, change(key, value)])),
  lists: Object.fromEntries(
    Object.entries(delta.lists).map(([key, list]) => [
      key,
      list && { ...list, changed: change(key, list.changed) },
    ]),
  ),
})
const compactDelta = (delta: ViewDelta): ViewDelta => mapDelta(delta, compactPart)
const expandDelta = (delta: ViewDelta): ViewDelta => mapDelta(delta, expandPart)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Where a method's reply carries the view, as the contract says: `episodes.open` answers the view,
 * every edit `{ view, ... }`, anything else none.
 */
function withView(method: string, value: unknown, change: (view: unknown) => unknown): unknown {
  if (method === 'episodes.open') return change(value)
  if (answersWithView(method) && isObject(value)) return { ...value, view: change(value.view) }
  return value
}

/**
 * The core's side: remembers the last views it sent (a few windows' worth) and answers each with what
 * changed since the one the window names. A window naming a view no longer kept gets the view whole.
 */
export class ViewSender {
  private readonly kept = new Map<string, EpisodeView>()
  private count = 0

  constructor(
    /** Unique per launch (12 hex digits), so that a window kept open across a restart gets views whole. */
    private readonly launch: string,
    private readonly keep = 16,
  ) {}

  encode(method: string, value: unknown, base: string | null): unknown {
    return withView(method, value, (view) => {
      const next = view as EpisodeView
      const version = `${this.launch}.${++this.count}`
      const before = base === null ? undefined : this.kept.get(base)
      this.kept.set(version, next)
      if (this.kept.size > this.keep) this.kept.delete(this.kept.keys().next().value as string)
      // Sent compactly (compactView.ts): the window reads back the same view.
      const mark: ViewMark = before
        ? { version, base, delta: compactDelta(diffView(before, next)) }
        : { version, base: null, view: compactView(next) as EpisodeView }
      return { [VIEW_MARK]: mark }
    })
  }
}

/** The window's side: rebuilds views from the marks in replies and names the newest it holds. */
export class ViewReceiver {
  private readonly kept = new Map<string, EpisodeView>()
  private newest: string | null = null

  constructor(private readonly keep = 16) {}

  /** The version to name in the next call. */
  base(): string | null {
    return this.newest
  }

  decode(method: string, value: unknown): unknown {
    return withView(method, value, (marked) => {
      if (!isObject(marked) || !(VIEW_MARK in marked)) return marked
      const mark = marked[VIEW_MARK] as ViewMark
      let view: EpisodeView
      if (mark.view) view = expandView(mark.view)
      else {
        const base = mark.base === null ? undefined : this.kept.get(mark.base)
        if (!base || !mark.delta)
          throw new ViewDeltaError(`a view was sent against ${mark.base}, which this window no longer holds`)
        view = applyViewDelta(base, expandDelta(mark.delta))
      }
      this.kept.set(mark.version, view)
      if (this.kept.size > this.keep) this.kept.delete(this.kept.keys().next().value as string)
      this.newest = mark.version
      return view
    })
  }
}
