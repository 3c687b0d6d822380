import { PageContainer } from '@ant-design/pro-components';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import { Avatar, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useMe } from '../../../api/get-me';
import { DealSummaryCard } from '../components/deal-summary-card';
import { SetupChecklist } from '../components/setup-checklist';
import { adminConsoleMessages, adminOverviewMessages as text } from '@baobei/shared/messages/admin';
import { shanghaiText } from '../../../lib/shanghai-text';

/**
 * 概览: who is signed in, for which company, and that company's brand and settings as the
 * server holds them (GET /api/admin/auth/me), and the company's deals and commission of a period
 * (docs/decisions/055); while the company lacks what its first report needs, its 开通清单 (decision 078).
 */
export function OverviewPage() {
  const me = useMe();
  // The session guard renders this page only once /me has answered.
  if (!me.data) return null;
  const { user, company } = me.data;
  return (
    <PageContainer title={adminConsoleMessages.menuOverview}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Flex align="center" gap={20}>
            {company.logo ? <Avatar src={company.logo} size={64} shape="square" alt={company.title} /> : null}
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {text.welcome(user.name)}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                {company.title} · {text.welcomeHint}
              </Typography.Paragraph>
            </div>
          </Flex>
        </Card>
        <SetupChecklist />
        <DealSummaryCard />
        <Card title={text.operator}>
          <Descriptions
            column={{ xs: 1, lg: 2, xl: 3 }}
            items={[
              { key: 'name', label: text.name, children: user.name },
              { key: 'phone', label: text.phone, children: user.phone },
              { key: 'role', label: text.role, children: <Tag color="processing">{ROLE_LABELS[user.role]}</Tag> },
            ]}
          />
        </Card>
        <Card title={text.company}>
          <Descriptions
            column={{ xs: 1, lg: 2, xl: 3 }}
            items={[
              { key: 'title', label: text.title, children: company.title },
              { key: 'id', label: text.companyId, children: company.id },
              {
                key: 'color',
                label: text.color,
                children: (
                  <Space>
                    <span
                      aria-hidden
                      style={{ display: 'inline-block', width: 40, height: 16, borderRadius: 4, background: `linear-gradient(90deg, ${company.color}, ${company.gradientColor})` }}
                    />
                    {company.color}
                  </Space>
                ),
              },
              { key: 'hosts', label: text.hosts, children: company.hosts.map((host) => <Tag key={host}>{host}</Tag>) },
              { key: 'kefPhone', label: text.kefPhone, children: company.kefPhone || text.empty },
              { key: 'max', label: text.maxCustomersPerReport, children: company.maxCustomersPerReport },
              { key: 'protect', label: text.defaultProtectHours, children: text.hours(company.defaultProtectHours) },
              { key: 'lead', label: text.defaultReportLeadTime, children: text.minutes(company.defaultReportLeadTime) },
              { key: 'updated', label: text.updatedAt, children: shanghaiText(company.updatedAt, 'second') },
            ]}
          />
        </Card>
      </Space>
    </PageContainer>
  );
}
