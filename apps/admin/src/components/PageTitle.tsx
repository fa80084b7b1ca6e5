import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The title row of every page: a heading, an optional line of help and the page's own actions. */
export function PageTitle({ title, hint, extra }: { title: string; hint?: string; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="flex-start" style={{ marginBottom: 16 }} gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {hint && (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {hint}
          </Typography.Text>
        )}
      </div>
      {extra}
    </Flex>
  );
}
