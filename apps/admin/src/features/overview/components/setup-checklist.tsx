import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import { adminSetupMessages as text } from '@baobei/shared/messages/admin';
import type { CompanySetup } from '@baobei/shared/schemas/admin';
import { Button, Card, List, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/navigation';
import { useCompanySetup } from '../api/company-setup';

/** The parts in the order a new company sets them up, each with the page that adds it. */
const STEPS: readonly { key: keyof CompanySetup; title: string; hint: string; path: string }[] = [
  { key: 'cities', title: text.cities, hint: text.citiesHint, path: `${PATHS.baseData}?tab=regions` },
  { key: 'features', title: text.features, hint: text.featuresHint, path: `${PATHS.baseData}?tab=features` },
  { key: 'auditors', title: text.auditors, hint: text.auditorsHint, path: PATHS.accounts },
  { key: 'houses', title: text.houses, hint: text.housesHint, path: `${PATHS.houses}/new` },
  { key: 'distributors', title: text.distributors, hint: text.distributorsHint, path: PATHS.distributors },
];

/**
 * 开通清单 (docs/decisions/078): on 概览 while the company lacks anything its first report needs
 * (a city, a feature, an auditor, a listing, a distributor); each missing part links to the page
 * that adds it. Gone once every part is there; nothing shows while it loads or if it fails.
 */
export function SetupChecklist() {
  const setup = useCompanySetup();
  const navigate = useNavigate();
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
                ) : (
                  <Button key="todo" type="primary" size="small" onClick={() => void navigate(step.path)}>
                    {text.todo}
                  </Button>
                ),
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
