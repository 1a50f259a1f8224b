/** IPC channel names shared by the main process and the preload. */
export const CHANNELS = {
  call: 'episcore:call',
  chooseFile: 'episcore:choose-file',
  chooseFolder: 'episcore:choose-folder',
  registerDropped: 'episcore:register-dropped',
  saveText: 'episcore:save-text',
  showMediaInFolder: 'episcore:show-media-in-folder',
  menuCommand: 'episcore:menu-command',
  /** The page listens for menu commands: those chosen while no window was open are sent now. */
  menuReady: 'episcore:menu-ready',
  /** Main asks the page to commit text typed in a field before its window closes. */
  commitPending: 'episcore:commit-pending',
  /** The page's answer: its pending text is committed (or there was none). */
  pendingCommitted: 'episcore:pending-committed',
} as const
