import type { AdminMatchRecord, MatchPeriod } from '@aposta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { problemText } from '../../components/errors.ts';

/** spec.md section 3's match period codes, in the order a match goes through them. */
export const PERIODS = [0, 1, 2, 3, 4, 5, -1, -10, -11, -12, -13, -14] as const;

interface StateForm {
  period: MatchPeriod;
  home: number;
  away: number;
}

/** Posts a match's period and score, as the feed would: finishing (-1) or cancelling (-10, -14) enables settlement. */
export function MatchStateDialog({
  match,
  onClose,
}: {
  match: AdminMatchRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StateForm>();
  const post = useMutation({
    mutationFn: (values: StateForm) =>
      adminApi('POST /sports/matches/:matchId/state', {
        params: { matchId: match!.matchId },
        body: { period: values.period, score: { home: values.home, away: values.away } },
      }),
    onSuccess: () => {
      message.success(t('app.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'sports'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', '/sports/matches'] });
      onClose();
    },
    onError: (error) => message.error(problemText(error)),
  });
  const scoreRules = [{ required: true, message: t('validation.required') }];
  return (
    <Modal
      open={match !== null}
      title={match ? t('sports.stateTitle', { home: match.home, away: match.away }) : ''}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={post.isPending}
      destroyOnHidden
    >
      {match && (
        <Form<StateForm>
          form={form}
          layout="vertical"
          initialValues={{ period: match.period, home: match.score.home, away: match.score.away }}
          onFinish={(values) => post.mutate(values)}
        >
          <Form.Item name="period" label={t('sports.period')} rules={scoreRules}>
            <Select options={PERIODS.map((value) => ({ value, label: t(`sports.periodCode.${value}`) }))} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="home" label={match.home} rules={scoreRules}>
              <InputNumber min={0} max={999} precision={0} />
            </Form.Item>
            <Form.Item name="away" label={match.away} rules={scoreRules}>
              <InputNumber min={0} max={999} precision={0} />
            </Form.Item>
          </Space>
        </Form>
      )}
      {post.isError && <div style={{ color: '#cf1322' }}>{problemText(post.error)}</div>}
    </Modal>
  );
}
