import type { PlayerRecord } from '@aposta/contract';
import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateTime, money } from '../../app/format.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FlagTags, KycTag, PlayerStatusTag } from './labels.tsx';

export default function PlayersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');

  return (
    <>
      <PageTitle title={t('menu.players')} hint={t('players.hint')} />
      <Card>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('players.search')}
          onSearch={setQ}
          style={{ maxWidth: 420, marginBottom: 16 }}
          data-testid="player-search"
        />
        <PagedTable
          route="GET /players"
          filters={{ q: q.trim() }}
          rowKey="uId"
          size="middle"
          onRow={(row) => ({ onClick: () => navigate(`/players/${row.uId}`), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('player.uId'), dataIndex: 'uId', width: 110 },
            { title: t('player.username'), dataIndex: 'username' },
            { title: t('player.name'), dataIndex: 'name', render: (name: string) => name || '—' },
            { title: t('player.level'), dataIndex: 'level', width: 80, align: 'center' },
            { title: t('player.balance'), dataIndex: 'balance', align: 'right', render: money },
            { title: t('player.freeBalance'), dataIndex: 'freeBalance', align: 'right', render: money },
            {
              title: t('player.kyc'),
              dataIndex: 'kycStatus',
              render: (kycStatus: PlayerRecord['kycStatus']) => <KycTag kyc={kycStatus} />,
            },
            {
              title: t('player.statusLabel'),
              dataIndex: 'status',
              render: (_: unknown, row) => (
                <>
                  <PlayerStatusTag status={row.status} />
                  <FlagTags lx={row.lx} testFlag={row.testFlag} />
                </>
              ),
            },
            { title: t('player.registered'), dataIndex: 'time', render: dateTime },
          ]}
        />
      </Card>
    </>
  );
}
