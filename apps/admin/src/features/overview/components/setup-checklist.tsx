import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import { adminSetupMessages as text } from '@baobei/shared/messages/admin';
import { scopeAllows, type ConsoleArea } from '@baobei/shared/rules/console-scopes';
import type { CompanySetup } from '@baobei/shared/schemas/admin';
import { Button, Card, List, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useMe } from '../../../api/get-me';
import { PATHS } from '../../../lib/navigation';
import { useCompanySetup } from '../api/company-setup';

/** The parts in the order a new company sets them up, each with the page that adds it and its console area. */
const STEPS: readonly { key: keyof CompanySetup; title: string; hint: string; path: string; area: ConsoleArea }[] = [
  { key: 'cities', title: text.cities, hint: text.citiesHint, path: `${PATHS.baseData}?tab=regions`, area: 'base' },
  { key: 'features', title: text.features, hint: text.featuresHint, path: `${PATHS.baseData}?tab=features`, area: 'base' },
  { key: 'auditors', title: text.auditors, hint: text.auditorsHint, path: PATHS.accounts, area: 'accounts' },
  { key: 'houses', title: text.houses, hint: text.housesHint, path: `${PATHS.houses}/new`, area: 'houses' },
  { key: 'distributors', title: text.distributors, hint: text.distributorsHint, path: PATHS.distributors, area: 'distributors' },
];

/**
 * 开通清单 (docs/decisions/078): on 概览 while the company lacks anything its first report needs
 * (a city, a feature, an auditor, a listing, a distributor); each missing part links to the page
 * that adds it. Gone once every part is there; nothing shows while it loads or if it fails.
 */
export function SetupChecklist() {
  const setup = useCompanySetup();
  const navigate = useNavigate();
  // docs/decisions/081: 去添加 only where the account's scope adds it.
  const scope = useMe().data?.user.consoleScope;
  const counts = setup.data;
  if (!counts || STEPS.every((step) => counts[step.key] > 0)) return null;
  return (
    <Card title={text.title} extra={<Typography.Text type="secondary">{text.hint}</Typography.Text>} data-testid="setup-checklist">
      <List
        itemLayout="horizontal"
        dataSource={[...STEPS]}
        renderItem={(step) => {
          const done = counts[step.key] > 0;
          return (
            <List.Item
              data-testid={`setup-${step.key}`}
              actions={[
                done ? (
                  <Typography.Text key="done" type="secondary">
                    {text.count(counts[step.key])}
                  </Typography.Text>
                ) : scope && scopeAllows(scope, step.area, true) ? (
                  <Button key="todo" type="primary" size="small" onClick={() => void navigate(step.path)}>
                    {text.todo}
                  </Button>
                ) : null,
              ]}
            >
              <List.Item.Meta
                avatar={done ? <CheckCircleFilled style={{ color: '#52c41a', fontSize: 20 }} /> : <ExclamationCircleOutlined style={{ color: '#faad14', fontSize: 20 }} />}
                title={done ? <Typography.Text type="secondary">{step.title}</Typography.Text> : step.title}
                description={step.hint}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
