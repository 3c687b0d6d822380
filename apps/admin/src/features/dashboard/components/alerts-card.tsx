import { ProCard } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import type { DashboardAlerts } from '@baobei/shared/schemas/dashboard';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, List, Popover, Space, Switch, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { useConsoleAccess } from '../../../lib/console-access';
import { PATHS } from '../../../lib/navigation';
import { dismissAlert, getAlerts, switchAlert, type DashboardFilter } from '../api/dashboard';

type AlertItem = DashboardAlerts['list'][number];
const COLORS: Record<AlertItem['kind'], string> = { surge: 'orange', low_arrival: 'gold', shared_phone: 'red' };

/**
 * 预警 (issue 31 item 5): the period's alerts of the kinds switched on, each with the reports
 * behind it (报备管理 with its filter) and 忽略; 预警设置 switches a kind off for the company. The
 * switches and 忽略 are the overview area's changes (a read-only scope sees them, unchangeable).
 */
export function AlertsCard({ filter }: { filter: Pick<DashboardFilter, 'from' | 'to'> }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { canWrite } = useConsoleAccess('overview');
  const key = ['admin', 'dashboard', 'alerts', filter.from, filter.to] as const;
  const alerts = useQuery({ queryKey: key, queryFn: ({ signal }) => getAlerts(filter, signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard', 'alerts'] });
  const toggle = useMutation({
    mutationFn: ({ kind, enabled }: { kind: AlertItem['kind']; enabled: boolean; label: string }) => switchAlert(kind, enabled),
    onSuccess: (_data, v) => {
      void message.success(text.alertSwitched(v.label, v.enabled));
      refresh();
    },
    onError: (error) => void message.error(errorMessage(error, messages.common.requestException)),
  });
  const dismiss = useMutation({
    mutationFn: (id: number) => dismissAlert(id),
    onSuccess: () => {
      void message.success(text.alertDismissed);
      refresh();
    },
    onError: (error) => void message.error(errorMessage(error, messages.common.requestException)),
  });
  const open = (item: AlertItem) => {
    const search = new URLSearchParams(Object.entries(item.link).map(([k, v]) => [k, String(v)]));
    navigate(`${PATHS.records}?${search.toString()}`);
  };
  const settings = (
    <Flex vertical gap={10} data-testid="alert-settings">
      {(alerts.data?.switches ?? []).map((s) => (
        <Flex key={s.kind} justify="space-between" gap={24} align="center">
          <span>{s.label}</span>
          <Switch
            aria-label={s.label}
            checked={s.enabled}
            disabled={!canWrite}
            loading={toggle.isPending && toggle.variables?.kind === s.kind}
            checkedChildren={text.alertSwitchOn}
            unCheckedChildren={text.alertSwitchOff}
            onChange={(enabled) => toggle.mutate({ kind: s.kind, enabled, label: s.label })}
          />
        </Flex>
      ))}
    </Flex>
  );
  return (
    <ProCard
      title={text.alertsTitle}
      tooltip={text.alertsHint}
      bordered
      headerBordered
      data-testid="dashboard-alerts"
      extra={
        <Popover trigger="click" title={text.alertsSettings} content={settings} placement="bottomRight">
          <Button size="small">{text.alertsSettings}</Button>
        </Popover>
      }
    >
      {alerts.isError ? (
        <Alert type="error" showIcon message={text.loadFailed} description={errorMessage(alerts.error, messages.common.requestException)} />
      ) : (
        <List<AlertItem>
          size="small"
          loading={alerts.isLoading}
          dataSource={alerts.data?.list ?? []}
          locale={{ emptyText: text.alertsEmpty }}
          pagination={(alerts.data?.list.length ?? 0) > 5 ? { pageSize: 5, size: 'small' } : false}
          renderItem={(item) => (
            <List.Item
              data-testid={`alert-${item.kind}`}
              actions={[
                <Typography.Link key="open" onClick={() => open(item)}>
                  {text.alertOpen}
                </Typography.Link>,
                ...(canWrite
                  ? [
                      <Typography.Link key="dismiss" type="secondary" onClick={() => dismiss.mutate(item.id)}>
                        {text.alertDismiss}
                      </Typography.Link>,
                    ]
                  : []),
              ]}
            >
              <Space size={12}>
                <Tag color={COLORS[item.kind]}>{item.kindText}</Tag>
                <Typography.Text type="secondary">{item.day}</Typography.Text>
                <Typography.Text>{item.text}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </ProCard>
  );
}
