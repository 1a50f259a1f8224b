/** Zoom is pixels per second of media: from the whole episode in view up to this much detail. */
export const MAX_PX_PER_SEC = 200
export const ZOOM_STEP = 1.5

export function clampZoom(pxPerSec: number, fitPxPerSec: number): number {
  return Math.min(MAX_PX_PER_SEC, Math.max(fitPxPerSec, pxPerSec))
}

/**
 * The scroll offset that keeps the time under `anchorX` (pixels from the view's left edge) in place
 * when zooming from one scale to another: zooming centred on the pointer.
 */
export function scrollKeepingAnchor(
  scroll: number,
  anchorX: number,
  fromPxPerSec: number,
  toPxPerSec: number,
): number {
  const time = (scroll + anchorX) / fromPxPerSec
  return Math.max(0, time * toPxPerSec - anchorX)
}
