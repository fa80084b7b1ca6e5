import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { useGameList } from '../api/game-list';
import { SlotGrid } from '../components/SlotGrid';
import { isSlotProvider } from '../slot-links';
import { slotsNamespace } from '../slots-i18n';
import '../slots.css';
import { Button } from '../../../components/ui/Button';

/** /gameGroupList?productCode=PG|EVO|BG: the provider's games as a grid. */
export default function GameGroupListPage(_props: PageProps) {
  const { t } = useTranslation(slotsNamespace);
  const [params] = useSearchParams();
  const productCode = params.get('productCode');
  const valid = isSlotProvider(productCode);
  const list = useGameList({ productCode: valid ? productCode : undefined }, valid);
  const title = valid ? t(`common:settings.${productCode.toLowerCase()}`) : t('common:pages.gameGroupList');
  return (
    <section className="page slots-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      {!valid ? (
        <p className="slots-state">{t('slots.unknownProvider')}</p>
      ) : list.isPending ? (
        <p className="slots-state">{t('slots.loading')}</p>
      ) : list.isError ? (
        <div className="slots-state" role="alert">
          <p>{t('slots.loadFailed')}</p>
          <Button variant="ghost" onClick={() => void list.refetch()}>
            {t('slots.retry')}
          </Button>
        </div>
      ) : list.data.records.length === 0 ? (
        <p className="slots-state">{t('slots.empty')}</p>
      ) : (
        <SlotGrid games={list.data.records} label={title} />
      )}
    </section>
  );
}
