import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { type CapturedSelfie, SelfieCapture } from './SelfieCapture';

/**
 * The form's selfie: a button that opens the camera (only then is the permission asked), the camera, or the photo
 * taken with "take another". Required under br-licensed (liveness and face match at onboarding, issue 30).
 */
export function SelfieStep({
  selfie,
  required,
  onChange,
}: {
  selfie: CapturedSelfie | undefined;
  required: boolean;
  onChange(selfie: CapturedSelfie | undefined): void;
}) {
  const { t } = useTranslation('identity');
  const [open, setOpen] = useState(false);
  return (
    <section className="idv-step" aria-labelledby="idv-selfie-title">
      <h3 id="idv-selfie-title" className="idv-step-title">
        {t('selfie.title')}
        {required ? null : <span className="idv-optional"> {t('selfie.optional')}</span>}
      </h3>
      {selfie ? (
        <div className="idv-taken">
          <img className="idv-preview" src={selfie.preview} alt={t('selfie.previewAlt')} />
          <div>
            <p className="idv-ok">{t('selfie.ready')}</p>
            <Button
              variant="ghost"
              size="small"
              onClick={() => {
                onChange(undefined);
                setOpen(true);
              }}
            >
              {t('selfie.retake')}
            </Button>
          </div>
        </div>
      ) : open ? (
        <SelfieCapture
          onCaptured={(taken) => {
            onChange(taken);
            setOpen(false);
          }}
        />
      ) : (
        <>
          <p className="idv-muted">{t('selfie.why')}</p>
          <Button variant="ghost" block onClick={() => setOpen(true)}>
            {t('selfie.open')}
          </Button>
        </>
      )}
    </section>
  );
}
