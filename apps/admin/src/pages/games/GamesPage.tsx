import { EditOutlined } from '@ant-design/icons';
import type { AdminGame, GameUpdateBody } from '@aposta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

const AMOUNT = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/;
const gameKey = (game: AdminGame) => `${game.productCode}/${game.gameCode}`;

function LimitsDialog({ game, onClose }: { game: AdminGame | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ betMin: string; betMax: string; payoutMax: string }>();
  const save = useMutation({
    mutationFn: (body: GameUpdateBody) => call(`/games/${game?.productCode}/${game?.gameCode}`, { body }),
    onSuccess: () => {
      message.success(t('app.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'games'] });
      onClose();
    },
    onError: (error) => message.error(problemText(error)),
  });
  const amountRule = { pattern: AMOUNT, message: t('validation.amount') };
  return (
    <Modal
      open={game !== null}
      title={t('games.limitsTitle', { name: game?.name })}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {game && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            betMin: String(game.betMin),
            betMax: String(game.betMax),
            payoutMax: String(game.payoutMax),
          }}
          onFinish={(values) => save.mutate(values)}
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
                  if (Number(value) < Number(getFieldValue('betMin')))
                    throw new Error(t('games.maxBelowMin'));
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
        </Form>
      )}
    </Modal>
  );
}

export default function GamesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const games = useQuery({ queryKey: ['admin', 'games'], queryFn: () => call<AdminGame[]>('/games') });
  const toggle = useMutation({
    mutationFn: ({ game, body }: { game: AdminGame; body: GameUpdateBody }) =>
      call(`/games/${game.productCode}/${game.gameCode}`, { body }),
    onSuccess: () => {
      message.success(t('app.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'games'] });
    },
    onError: (error) => message.error(problemText(error)),
  });
  const products = [...new Set((games.data ?? []).map((game) => game.productCode))];

  return (
    <>
      <PageTitle title={t('menu.games')} hint={t('games.hint')} />
      <Card>
        <Table<AdminGame>
          rowKey={gameKey}
          size="middle"
          loading={games.isFetching}
          dataSource={games.data ?? []}
          pagination={{ pageSize: 20, showTotal: (total) => t('table.total', { count: total }) }}
          columns={[
            {
              title: t('games.product'),
              dataIndex: 'productCode',
              width: 110,
              filters: products.map((value) => ({ text: value, value })),
              onFilter: (value, row) => row.productCode === value,
              render: (code: string) => <Tag>{code}</Tag>,
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
