import { useEffect, useRef, useState } from 'react';
import { SELFIE_CONSTRAINTS } from './camera';

export type CameraState = 'off' | 'starting' | 'live' | 'denied' | 'unavailable';

/** Why getUserMedia failed, as the player can act on it: permission refused, or no camera / no support. */
function failureOf(error: unknown): CameraState {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

/**
 * The front camera while `active`: asks for it (the browser's permission prompt), shows it in `videoRef`, and stops
 * every track when inactive or unmounted so the camera light goes off.
 */
export function useCamera(active: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('off');
  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    let stream: MediaStream | undefined;
    let cancelled = false;
    setState('starting');
    navigator.mediaDevices
      .getUserMedia(SELFIE_CONSTRAINTS)
      .then((media) => {
        stream = media;
        if (cancelled) return;
        const video = videoRef.current;
        if (video) {
          video.muted = true;
          video.srcObject = media;
          // Live once the first frame is there (play() may settle late or never on some phones).
          video.addEventListener('loadeddata', () => setState('live'), { once: true });
          void video.play().catch(() => undefined);
        } else setState('live');
      })
      .catch((error: unknown) => {
        if (!cancelled) setState(failureOf(error));
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [active]);
  return { videoRef, state };
}
