import type { EarlyPayoutRule, EarlyPayoutRuleBody } from '@aposta/contract';
import { sportCodes } from '@aposta/sports';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useChange } from '../../components/useChange.ts';

interface RuleForm {
  sport: string;
  league?: string;
  lead: number;
  enabled: boolean;
}

/**
 * Early payout rules (decision 0063): a full-time 1X2 pick is paid as won once its side leads by the rule's margin
 * during play. One rule per sport, and a league's own rule over it; turning one off stops new early payouts.
 */
export default function EarlyPayoutPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleForm>();
  const rules = useQuery({
    queryKey: ['admin', 'sports', 'early-payout'],
    queryFn: () => adminApi('GET /sports/early-payout-rules'),
  });
  const save = useChange(
    (values: RuleForm) =>
      adminApi('POST /sports/early-payout-rules', {
        body: {
          sport: values.sport as EarlyPayoutRuleBody['sport'],
          league: values.league?.trim() ? values.league.trim() : null,
          lead: values.lead,
          enabled: values.enabled,
        },
      }),
    { refresh: ['admin', 'sports', 'early-payout'] },
  );
  const edit = (rule: EarlyPayoutRule) =>
    form.setFieldsValue({
      sport: rule.sport,
      league: rule.league ?? '',
      lead: rule.lead,
      enabled: rule.enabled,
    });
  return (
    <>
      <PageTitle title={t('menu.earlyPayout')} hint={t('earlyPayout.hint')} />
      <Card title={t('earlyPayout.edit')} style={{ marginBottom: 16 }}>
        <Form
          form={form}
          layout="inline"
          initialValues={{ sport: 'football', lead: 2, enabled: true }}
          onFinish={(values) => save.mutate(values)}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="sport" label={t('earlyPayout.sport')} rules={[{ required: true }]}>
            <Select
              style={{ width: 180 }}
              options={sportCodes.map((value) => ({ value, label: t(`sports.sport.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="league" label={t('earlyPayout.league')} tooltip={t('earlyPayout.leagueHint')}>
            <Input style={{ width: 240 }} placeholder={t('earlyPayout.allLeagues')} maxLength={100} />
          </Form.Item>
          <Form.Item name="lead" label={t('earlyPayout.lead')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('earlyPayout.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('earlyPayout.save')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        {rules.isError ? <Alert type="error" showIcon message={problemText(rules.error)} /> : null}
        <Table<EarlyPayoutRule>
          rowKey="ruleId"
          size="middle"
          loading={rules.isPending}
          dataSource={rules.data ?? []}
          pagination={false}
          columns={[
            {
              title: t('earlyPayout.sport'),
              dataIndex: 'sport',
              render: (sport: string) => t(`sports.sport.${sport}`, { defaultValue: sport }),
            },
            {
              title: t('earlyPayout.league'),
              dataIndex: 'league',
              render: (league: string | null) =>
                league ?? <Typography.Text type="secondary">{t('earlyPayout.allLeagues')}</Typography.Text>,
            },
            { title: t('earlyPayout.lead'), dataIndex: 'lead', align: 'right' },
            {
              title: t('earlyPayout.enabled'),
              dataIndex: 'enabled',
              render: (enabled: boolean) =>
                enabled ? <Tag color="green">{t('earlyPayout.on')}</Tag> : <Tag>{t('earlyPayout.off')}</Tag>,
            },
            { title: t('earlyPayout.updatedAt'), dataIndex: 'updatedAt', render: dateTime },
            {
              title: t('app.actions'),
              key: 'actions',
              render: (_, rule) => (
                <Button size="small" onClick={() => edit(rule)}>
                  {t('earlyPayout.change')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
