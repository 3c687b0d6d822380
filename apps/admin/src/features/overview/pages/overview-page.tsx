import { PageContainer } from '@ant-design/pro-components';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import { Avatar, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useMe } from '../../../api/get-me';
import { texts } from '../../../lib/texts';

/**
 * 概览: who is signed in, for which company, and that company's brand and settings as the
 * server holds them (GET /api/admin/auth/me). No figures until there are real ones to show.
 */
export function OverviewPage() {
  const me = useMe();
  // The session guard renders this page only once /me has answered.
  if (!me.data) return null;
  const { user, company } = me.data;
  return (
    <PageContainer title={texts.menuOverview}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Flex align="center" gap={20}>
            {company.logo ? <Avatar src={company.logo} size={64} shape="square" alt={company.title} /> : null}
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {texts.welcome(user.name)}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                {company.title} · {texts.welcomeHint}
              </Typography.Paragraph>
            </div>
          </Flex>
        </Card>
        <Card title={texts.overviewOperator}>
          <Descriptions
            column={{ xs: 1, lg: 2, xl: 3 }}
            items={[
              { key: 'name', label: '姓名', children: user.name },
              { key: 'phone', label: texts.overviewPhone, children: user.phone },
              { key: 'role', label: texts.overviewRole, children: <Tag color="processing">{ROLE_LABELS[user.role]}</Tag> },
            ]}
          />
        </Card>
        <Card title={texts.overviewCompany}>
          <Descriptions
            column={{ xs: 1, lg: 2, xl: 3 }}
            items={[
              { key: 'title', label: '公司名称', children: company.title },
              { key: 'id', label: texts.overviewCompanyId, children: company.id },
              {
                key: 'color',
                label: '主题色',
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
              { key: 'hosts', label: '域名', children: company.hosts.map((host) => <Tag key={host}>{host}</Tag>) },
              { key: 'kefPhone', label: '客服电话', children: company.kefPhone || '—' },
              { key: 'max', label: '每次报备客户数', children: company.maxCustomersPerReport },
              { key: 'protect', label: '默认报备保护期', children: `${company.defaultProtectHours} 小时` },
              { key: 'lead', label: '默认提前报备时间', children: `${company.defaultReportLeadTime} 分钟` },
              { key: 'updated', label: '最近修改', children: new Date(company.updatedAt).toLocaleString('zh-CN') },
            ]}
          />
        </Card>
      </Space>
    </PageContainer>
  );
}
