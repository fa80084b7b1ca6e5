import { useOverlays } from '../lib/overlays';
import { closeAllDialogs } from '../lib/ui';

/** Closes every popup: the overlay slots and any alert dialog (a confirmed payment ends them all). */
export function closeAllOverlaysAndDialogs(): void {
  useOverlays.getState().closeAll();
  void closeAllDialogs();
}
