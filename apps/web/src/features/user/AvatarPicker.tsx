import { useTranslation } from 'react-i18next';
import { Avatar, avatarCount } from '../../components/art/Avatar';
import { useSetHeader } from './api/setHeader';
import './user.css';
import { Button } from '../../components/ui/Button';

const indices = Array.from({ length: avatarCount }, (_, index) => index);

/** The 36 avatars; the current one is highlighted and pressed. */
export function AvatarPicker({ current }: { current: number }) {
  const { t } = useTranslation();
  const setHeader = useSetHeader();
  const selected = setHeader.isPending ? setHeader.variables : current;
  return (
    <fieldset className="avatar-picker">
      <legend className="avatar-picker-title">{t('my.avatars')}</legend>
      <div className="avatar-grid">
        {indices.map((index) => (
          <Button
            variant="bare"
            key={index}
            className="avatar-option"
            aria-label={t('my.avatar', { number: index + 1 })}
            aria-pressed={index === selected}
            disabled={setHeader.isPending}
            onClick={() => {
              if (index !== current) setHeader.mutate(index);
            }}
          >
            <Avatar index={index} />
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
