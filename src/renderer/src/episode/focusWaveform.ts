/** Hands the keyboard back to the waveform, whose keys are the editor's ([, ], C, Space...). */
export function focusWaveform(): void {
  const waveform = document.querySelector<HTMLElement>('section.waveform')
  if (waveform) waveform.focus({ preventScroll: true })
  else (document.activeElement as HTMLElement | null)?.blur()
}
