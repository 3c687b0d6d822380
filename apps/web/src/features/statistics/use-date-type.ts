import { isStatisticsDateType, STATISTICS_DEFAULT_DATE_TYPE } from '@baobei/shared/rules/statistics';
import { useSearchParams } from 'react-router';

/** The period of the statistics pages lives in the address (`?dateType=`), so back keeps it. */
export function useDateType(): [number, (dateType: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('dateType');
  const parsed = raw === null ? NaN : Number(raw);
  const dateType = isStatisticsDateType(parsed) ? parsed : STATISTICS_DEFAULT_DATE_TYPE;
  const set = (next: number) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set('dateType', String(next));
        return out;
      },
      { replace: true },
    );
  return [dateType, set];
}
