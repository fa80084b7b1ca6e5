import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/Tabs';
import './builder-i18n';

export { BuilderPanel } from './BuilderPanel';
export { builderOffered } from './builder-legs';

/** The match page's mode: the usual markets, or "Criar Aposta" (the bet builder). */
export function useBuilderMode() {
  return useState(false);
}

export function BuilderModeTabs({
  value,
  onChange,
}: {
  value: boolean;
  onChange: (builder: boolean) => void;
}) {
  const { t } = useTranslation('builder');
  return (
    <Tabs
      label={t('title')}
      value={value ? 'builder' : 'markets'}
      onChange={(next) => onChange(next === 'builder')}
      items={[
        { value: 'markets', label: t('markets') },
        { value: 'builder', label: t('tab') },
      ]}
      className="builder-mode"
    />
  );
}

/** My bets: a builder bet's title, "Criar Aposta · 3". */
export function BuilderBetLabel({ count }: { count: number }) {
  const { t } = useTranslation('builder');
  return <>{`${t('betType')} · ${count}`}</>;
}
