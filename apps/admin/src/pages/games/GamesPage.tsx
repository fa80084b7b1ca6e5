import { EditOutlined, SyncOutlined } from '@ant-design/icons';
import type { AdminGame, GameUpdateBody } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { money } from '../../app/format.ts';
import { useWords } from '../../app/vocabulary.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

const AMOUNT = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/;
const gameKey = (game: AdminGame) => `${game.productCode}/${game.gameCode}`;
const gamesKey = ['admin', 'games'] as const;

type Limits = { betMin: string; betMax: string; payoutMax: string };

function LimitsDialog({ game, onClose }: { game: AdminGame | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useChange(
    (body: GameUpdateBody) =>
      adminApi('POST /games/:productCode/:gameCode', {
        params: { productCode: game!.productCode, gameCode: game!.gameCode },
        body,
      }),
    {
      refresh: gamesKey,
      onDone: onClose,
    },
  );
  const amountRule = { pattern: AMOUNT, message: t('validation.amount') };
  return (
    <FormDialog<Limits>
      open={game !== null}
      title={t('games.limitsTitle', { name: game?.name })}
      saving={save.isPending}
      initialValues={
        game
          ? { betMin: String(game.betMin), betMax: String(game.betMax), payoutMax: String(game.payoutMax) }
          : {}
      }
      onSubmit={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="betMin"
        label={t('games.betMin')}
        rules={[{ required: true, message: t('validation.required') }, amountRule]}
      >
        <Input prefix="R$" inputMode="decimal" />
      </Form.Item>
      <Form.Item
        name="betMax"
        label={t('games.betMax')}
        dependencies={['betMin']}
        rules={[
          { required: true, message: t('validation.required') },
          amountRule,
          ({ getFieldValue }) => ({
            validator: async (_, value) => {
              if (Number(value) < Number(getFieldValue('betMin'))) throw new Error(t('games.maxBelowMin'));
            },
          }),
        ]}
      >
        <Input prefix="R$" inputMode="decimal" />
      </Form.Item>
      <Form.Item
        name="payoutMax"
        label={t('games.payoutMax')}
        rules={[{ required: true, message: t('validation.required') }, amountRule]}
      >
        <Input prefix="R$" inputMode="decimal" />
      </Form.Item>
    </FormDialog>
  );
}

/** The slot providers' game lists (PG, EVO, BG): new games are added, names and RTP refreshed. */
function SyncButton() {
  const { t } = useTranslation();
  const sync = useChange(() => adminApi('POST /slots/sync'), {
    refresh: gamesKey,
    success: () => t('games.synced'),
  });
  return (
    <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate(undefined)}>
      {t('games.sync')}
    </Button>
  );
}

export default function GamesPage() {
  const { t } = useTranslation();
  const word = useWords();
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const games = useQuery({ queryKey: gamesKey, queryFn: () => adminApi('GET /games') });
  const toggle = useChange(
    ({ game, body }: { game: AdminGame; body: GameUpdateBody }) =>
      adminApi('POST /games/:productCode/:gameCode', {
        params: { productCode: game.productCode, gameCode: game.gameCode },
        body,
      }),
    { refresh: gamesKey },
  );
  const products = [...new Set((games.data ?? []).map((game) => game.productCode))];

  return (
    <>
      <PageTitle title={t('menu.games')} hint={t('games.hint')} extra={<SyncButton />} />
      <Card>
        <Table<AdminGame>
          rowKey={gameKey}
          size="middle"
          loading={games.isFetching}
          dataSource={games.data ?? []}
          // The catalogue is wide: it scrolls sideways inside its card, the menu keeps its width.
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, showTotal: (total) => t('table.total', { count: total }) }}
          columns={[
            {
              title: t('games.product'),
              dataIndex: 'productCode',
              width: 150,
              filters: products.map((value) => ({ text: word('product', value), value })),
              onFilter: (value, row) => row.productCode === value,
              render: (code: string) => <Tag>{word('product', code)}</Tag>,
            },
            { title: t('games.name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
            { title: t('games.code'), dataIndex: 'gameCode' },
            { title: t('games.betMin'), dataIndex: 'betMin', align: 'right', render: money },
            { title: t('games.betMax'), dataIndex: 'betMax', align: 'right', render: money },
            { title: t('games.payoutMax'), dataIndex: 'payoutMax', align: 'right', render: money },
            {
              title: t('games.hot'),
              dataIndex: 'hot',
              align: 'center',
              render: (hot: boolean, game) => (
                <Switch
                  size="small"
                  checked={hot}
                  aria-label={t('games.hotLabel', { name: game.name })}
                  onChange={(value) => toggle.mutate({ game, body: { hot: value } })}
                />
              ),
            },
            {
              title: t('games.open'),
              dataIndex: 'stop',
              align: 'center',
              filters: [
                { text: t('games.running'), value: false },
                { text: t('games.stopped'), value: true },
              ],
              onFilter: (value, row) => row.stop === value,
              render: (stop: boolean, game) => (
                <Switch
                  checked={!stop}
                  checkedChildren={t('games.running')}
                  unCheckedChildren={t('games.stopped')}
                  aria-label={t('games.openLabel', { name: game.name })}
                  data-testid={`game-open-${game.gameCode}`}
                  onChange={(open) => toggle.mutate({ game, body: { stop: !open } })}
                />
              ),
            },
            {
              title: t('app.actions'),
              key: 'edit',
              width: 110,
              render: (_, game) => (
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(game)}>
                  {t('games.limits')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <LimitsDialog game={editing} onClose={() => setEditing(null)} />
    </>
  );
}
