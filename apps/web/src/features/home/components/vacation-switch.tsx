import { messages } from '@baobei/shared/messages';
import { List, Switch, Toast } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useSessionStore } from '../../../lib/session/session-store';
import { useUpdateVacation } from '../api/update-vacation';

const recordText = messages.recordTrack;

/**
 * The auditor's 休假 switch (DECISIONS.md: new reports go to on-duty auditors only). It
 * flips at once; a failed call puts it back and says so.
 */
export function VacationSwitch() {
  const vacation = useSessionStore((s) => s.userInfo?.vacation === 1);
  const update = useUpdateVacation();
  // The value being sent, shown until the answer; null shows the session's value.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? vacation;

  const onChange = (next: boolean) => {
    setPending(next);
    update.mutate(next ? 1 : 0, {
      onError: (error) => {
        const noAnswer = !isApiError(error) || error.code === 0;
        Toast.show({ content: noAnswer ? recordText.vacationFailed : errorMessage(error, recordText.vacationFailed) });
      },
      onSettled: () => setPending(null),
    });
  };

  return (
    <List.Item
      prefix={<ClockCircleOutline />}
      description={checked ? recordText.vacationOn : recordText.vacationOff}
      extra={<Switch checked={checked} loading={update.isPending} onChange={onChange} data-testid="my-vacation-switch" />}
      data-testid="my-vacation"
    >
      {recordText.vacation}
    </List.Item>
  );
}
