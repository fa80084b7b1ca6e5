import { Suspense, useRef } from 'react';
import { type OverlayName, overlayNames, useOverlays } from '../../lib/overlays';
import { overlaySlots } from './overlay-slots';

const loginTabs: readonly OverlayName[] = ['login', 'register'];

/**
 * Draws the overlay slots. A slot's chunk loads the first time it opens; afterwards it stays
 * mounted so its closing animation can play and its form keeps what the player typed.
 */
export function OverlayHost() {
  const open = useOverlays((state) => state.open);
  const closeOverlays = useOverlays((state) => state.closeOverlays);
  const mounted = useRef(new Set<OverlayName>());
  return overlayNames.map((name) => {
    const Slot = overlaySlots[name];
    if (!Slot) return null;
    const visible = name === 'login' ? Boolean(open.login || open.register) : Boolean(open[name]);
    if (visible) mounted.current.add(name);
    if (!mounted.current.has(name)) return null;
    const onClose = () => closeOverlays(name === 'login' ? loginTabs : [name]);
    return (
      <Suspense key={name} fallback={null}>
        <Slot visible={visible} onClose={onClose} />
      </Suspense>
    );
  });
}
