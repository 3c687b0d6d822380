import { messages } from '@baobei/shared/messages';
import { FUNNEL_STAGE_LABELS, type FunnelCounts, type FunnelStage } from '@baobei/shared/rules/record-funnel';
import type { StatisticsDetailType } from '@baobei/shared/rules/statistics';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { QueryStates } from '../../../components/query-states';
import { StateBlock } from '../../../components/state-block';
import { recordListLink } from '../../../app/route-links';
import { useHouseStatistics } from '../api/get-house-to-record-statistics';
import { useShareHouseStatistics } from '../api/get-user-share-house-statistics';
import { useShareUserStatistics } from '../api/get-user-share-statistics';
import { useStaffStatistics } from '../api/get-user-to-record-statistics';
import { StatsTable, type StatsColumn } from './stats-table';

const statisticsText = messages.statistics;

/** The report tables' numbers: reports, and how many of them reached 已到访, 成交, 确认成交. */
const TABLE_STAGES: readonly FunnelStage[] = ['reported', 'visited', 'deal', 'confirmed'];
const FUNNEL_COLUMNS: StatsColumn<FunnelCounts>[] = TABLE_STAGES.map((stage) => ({
  title: FUNNEL_STAGE_LABELS[stage],
  value: (row) => row[stage],
}));

interface TableProps {
  dateType: number;
  /** The statistics page shows the first rows; the detail page all of them. */
  limit?: number;
}

/** Loading, error with retry and empty for one table; the rows once they are there. */
function TableStates<T extends { list: unknown[] }>({
  query,
  empty,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  empty: string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryStates
      query={query}
      isEmpty={query.data?.list.length === 0}
      empty={<StateBlock kind="empty" title={empty} testId={`${testId}-empty`} />}
      errorTitle={statisticsText.loadFailedRetry}
      testId={testId}
    >
      {query.data && children(query.data)}
    </QueryStates>
  );
}

const first = <T,>(list: readonly T[], limit?: number) => (limit ? list.slice(0, limit) : list);

/** Reports per staff member; a row opens that member's reports of the period. */
function StaffTable({ dateType, limit }: TableProps) {
  const query = useStaffStatistics(dateType);
  const navigate = useNavigate();
  return (
    <TableStates query={query} empty={statisticsText.empty} testId="statistics-staff">
      {(data) => (
        <StatsTable
          rows={first(data.list, limit)}
          nameTitle={statisticsText.columnStaff}
          name={(r) => ({ text: r.name, sub: r.shopName || r.phone })}
          columns={FUNNEL_COLUMNS}
          rowKey={(r) => r.userId}
          onRowTap={(r) => void navigate(recordListLink({ dateType, range: data.range, staff: { id: r.userId, name: r.name } }))}
          testId="statistics-staff"
        />
      )}
    </TableStates>
  );
}

/**
 * Reports per listing; a row opens the list searched by the listing's name (the list has no
 * listing filter: a customer or another listing whose name contains it shows there too).
 */
function HouseTable({ dateType, limit }: TableProps) {
  const query = useHouseStatistics(dateType);
  const navigate = useNavigate();
  return (
    <TableStates query={query} empty={statisticsText.empty} testId="statistics-house">
      {(data) => (
        <StatsTable
          rows={first(data.list, limit)}
          nameTitle={statisticsText.columnHouse}
          name={(r) => ({ text: r.houseName })}
          columns={FUNNEL_COLUMNS}
          rowKey={(r) => r.houseId}
          onRowTap={(r) => void navigate(recordListLink({ dateType, range: data.range, keyword: r.houseName }))}
          testId="statistics-house"
        />
      )}
    </TableStates>
  );
}

/** Share visits per sharer of the scope. */
function ShareUserTable({ dateType, limit }: TableProps) {
  const query = useShareUserStatistics(dateType);
  return (
    <TableStates query={query} empty={statisticsText.shareEmpty} testId="statistics-share-user">
      {(data) => (
        <StatsTable
          rows={first(data.list, limit)}
          nameTitle={statisticsText.columnStaff}
          name={(r) => ({ text: r.name, sub: r.shopName || r.phone })}
          columns={[
            { title: statisticsText.columnVisitCount, value: (r) => r.visitCount },
            { title: statisticsText.columnVisitorCount, value: (r) => r.visitorCount },
            { title: statisticsText.columnHouseCount, value: (r) => r.houseCount },
          ]}
          rowKey={(r) => r.userId}
          testId="statistics-share-user"
        />
      )}
    </TableStates>
  );
}

/** Share visits per listing; a row opens the listing. */
function ShareHouseTable({ dateType, limit }: TableProps) {
  const query = useShareHouseStatistics(dateType);
  const navigate = useNavigate();
  return (
    <TableStates query={query} empty={statisticsText.shareEmpty} testId="statistics-share-house">
      {(data) => (
        <StatsTable
          rows={first(data.list, limit)}
          nameTitle={statisticsText.columnHouse}
          name={(r) => ({ text: r.houseName })}
          columns={[
            { title: statisticsText.columnVisitCount, value: (r) => r.visitCount },
            { title: statisticsText.columnVisitorCount, value: (r) => r.visitorCount },
            { title: statisticsText.columnSharerCount, value: (r) => r.sharerCount },
          ]}
          rowKey={(r) => r.houseId}
          onRowTap={(r) => void navigate(`/house/detail/${r.houseId}`)}
          testId="statistics-share-house"
        />
      )}
    </TableStates>
  );
}

/** Each table of the statistics page, by the detail page's `type`. */
export const STATISTICS_TABLES: Record<StatisticsDetailType, { title: string; Table: ComponentType<TableProps> }> = {
  staff: { title: statisticsText.staffTitle, Table: StaffTable },
  house: { title: statisticsText.houseTitle, Table: HouseTable },
  'share-user': { title: statisticsText.shareUserTitle, Table: ShareUserTable },
  'share-house': { title: statisticsText.shareHouseTitle, Table: ShareHouseTable },
};
