/**
 * Sizes a canvas's bitmap to its CSS box at the device's pixel ratio and returns its CSS size.
 * Only touches the bitmap when the size changed: assigning `width` reallocates and clears it.
 */
export function sizeCanvas(
  canvas: HTMLCanvasElement,
  ctx: CanvasRenderingContext2D,
  cssHeight?: number,
): { width: number; height: number } {
  const width = canvas.clientWidth
  const height = cssHeight ?? canvas.clientHeight
  const ratio = window.devicePixelRatio || 1
  const w = Math.round(width * ratio)
  const h = Math.round(height * ratio)
  if (canvas.width !== w) canvas.width = w
  if (canvas.height !== h) canvas.height = h
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  return { width, height }
}
