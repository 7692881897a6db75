export { DialogHost } from './dialog-host';
export {
  closeAllDialogs,
  dialogs,
  type ConfirmOptions,
  type DialogOptions,
  type WaitHandle,
} from './dialog-service';
