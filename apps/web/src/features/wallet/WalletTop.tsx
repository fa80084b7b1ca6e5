import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/art/icons';

/** The title row of every wallet popup: the heading that names the dialog, and the close button. */
export function WalletTop({
  id,
  title,
  onClose,
  tight = false,
  titleClassName = '',
}: {
  /** The heading's id, named by the dialog's aria-labelledby. */
  id: string;
  title: ReactNode;
  onClose: () => void;
  tight?: boolean;
  titleClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={tight ? 'wallet-top wallet-top-tight' : 'wallet-top'}>
      <h2 id={id} className={`popup-title ${titleClassName}`.trim()}>
        {title}
      </h2>
      <button type="button" className="icon-button" aria-label={t('common:actions.close')} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
