/** IPC channel names shared by the main process and the preload. */
export const CHANNELS = {
  call: 'episcore:call',
  chooseFile: 'episcore:choose-file',
  registerDropped: 'episcore:register-dropped',
  saveText: 'episcore:save-text',
  menuCommand: 'episcore:menu-command',
} as const
