/**
 * The arrow keys among the units of a dimension's strips: left and right along one analysis's strip
 * (Home and End to its ends), up and down to the same unit of the analysis above or below.
 */
export function moveAmongUnits(event: React.KeyboardEvent<HTMLElement>): void {
  const from = event.target
  if (!(from instanceof HTMLElement) || from.dataset.unit === undefined) return
  const strip = event.currentTarget
  const units = Array.from(strip.querySelectorAll<HTMLElement>('[data-unit]'))
  const at = units.indexOf(from)
  const to = ((): HTMLElement | null | undefined => {
    if (event.key === 'ArrowLeft') return units[at - 1] ?? null
    if (event.key === 'ArrowRight') return units[at + 1] ?? null
    if (event.key === 'Home') return units[0]
    if (event.key === 'End') return units[units.length - 1]
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return undefined
    const strips = Array.from(
      strip.closest('.dimension-strips')?.querySelectorAll<HTMLElement>('.agreement-units') ?? [],
    )
    const next = strips[strips.indexOf(strip) + (event.key === 'ArrowUp' ? -1 : 1)]
    return next?.querySelector<HTMLElement>(`[data-unit="${from.dataset.unit}"]`) ?? null
  })()
  // Another key is the page's; an arrow past the edge stays on the unit, taken all the same.
  if (to === undefined) return
  event.preventDefault()
  to?.focus()
}
