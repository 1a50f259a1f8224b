/** Moves playback to `seconds`, clamped to the media's length. */
export function seekMedia(media: HTMLMediaElement, seconds: number): number {
  const end = Number.isFinite(media.duration) ? media.duration : Infinity
  const target = Math.min(Math.max(0, seconds), end)
  media.currentTime = target
  return target
}

/** Plays faster or slower; speech keeps its pitch. */
export function setPlaybackRate(media: HTMLMediaElement, rate: number): void {
  media.preservesPitch = true
  media.playbackRate = rate
}
