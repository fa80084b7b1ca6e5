import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { base64Bytes, captureJpeg, jpegBase64, MAX_BYTES, MIN_SIDE } from './camera';
import { useCamera } from './useCamera';

export interface CapturedSelfie {
  /** The JPEG as base64, as it will be sent. */
  base64: string;
  /** The same as a data URL, for the preview. */
  preview: string;
}

/** Re-encodes an uploaded photo as the camera's JPEG would be (oriented by the browser, at most 720 px). */
function readPhoto(file: File): Promise<string | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const ok = Math.min(image.naturalWidth, image.naturalHeight) >= MIN_SIDE;
      resolve(
        ok ? captureJpeg(image, image.naturalWidth, image.naturalHeight, { mirror: false }) : undefined,
      );
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(undefined);
    };
    image.src = url;
  });
}

function toSelfie(dataUrl: string | undefined): CapturedSelfie | undefined {
  const base64 = dataUrl ? jpegBase64(dataUrl) : undefined;
  if (!dataUrl || !base64 || base64Bytes(base64) > MAX_BYTES) return undefined;
  return { base64, preview: dataUrl };
}

/** Without a camera (a desktop, or permission refused): a photo from the device, or this page on the phone. */
function SelfieFallback({
  denied,
  onPhoto,
}: {
  denied: boolean;
  onPhoto(selfie: CapturedSelfie | undefined): void;
}) {
  const { t } = useTranslation('identity');
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onPhoto(toSelfie(await readPhoto(file)));
  };
  return (
    <div className="idv-fallback" role="status">
      <p>{t(denied ? 'camera.denied' : 'camera.unavailable')}</p>
      <label className="btn btn-ghost btn-block idv-upload">
        {t('camera.upload')}
        <input type="file" accept="image/jpeg,image/*" capture="user" onChange={choose} />
      </label>
      <p className="idv-muted">{t('camera.phone', { url: window.location.origin })}</p>
    </div>
  );
}

/**
 * The selfie step (decision 0065): the front camera behind a face oval, a capture that becomes a JPEG, or the
 * fallback where there is no camera. Hands the captured selfie up; sending it is the form's business.
 */
export function SelfieCapture({ onCaptured }: { onCaptured(selfie: CapturedSelfie): void }) {
  const { t } = useTranslation('identity');
  const { videoRef, state } = useCamera(true);
  const [problem, setProblem] = useState('');
  const take = () => {
    const video = videoRef.current;
    const selfie = video
      ? toSelfie(captureJpeg(video, video.videoWidth, video.videoHeight, { mirror: true }))
      : undefined;
    if (selfie) onCaptured(selfie);
    else setProblem(t('camera.failed'));
  };
  const fromPhoto = (selfie: CapturedSelfie | undefined) => {
    if (selfie) onCaptured(selfie);
    else setProblem(t('camera.badPhoto'));
  };
  if (state === 'denied' || state === 'unavailable')
    return (
      <>
        <SelfieFallback denied={state === 'denied'} onPhoto={fromPhoto} />
        {problem ? (
          <p className="idv-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </>
    );
  return (
    <div className="idv-camera">
      <div className="idv-frame">
        <video ref={videoRef} className="idv-video" playsInline muted aria-label={t('camera.label')} />
        <div className="idv-oval" aria-hidden="true" />
        {state !== 'live' ? <p className="idv-starting">{t('camera.starting')}</p> : null}
      </div>
      <p className="idv-muted">{t('camera.hint')}</p>
      {problem ? (
        <p className="idv-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button variant="primary" block disabled={state !== 'live'} onClick={take}>
        {t('camera.take')}
      </Button>
    </div>
  );
}
