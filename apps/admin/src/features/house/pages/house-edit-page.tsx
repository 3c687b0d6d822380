import { PageContainer } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages, adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useHouse } from '../api/house-edit';
import { HouseForm } from '../components/house-form';
import { houseEditPath, HOUSES_PATH } from '../house-paths';

/**
 * 新建楼盘 (/houses/new) and 编辑楼盘 (/houses/:id/edit): the listing form (issue 15, item 4;
 * docs/decisions/043). A create opens the new listing's edit page.
 */
export function HouseEditPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id === undefined ? null : Number(params.id);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const house = useHouse(valid ? id : null);
  const back = () => void navigate(HOUSES_PATH);

  let body;
  if (!valid || (house.isError && isApiError(house.error) && house.error.code === 404)) {
    body = <Result status="404" title={text.notFound} extra={<Button onClick={back}>{text.back}</Button>} />;
  } else if (id !== null && house.isPending) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  } else if (house.isError) {
    body = (
      <Result
        status="error"
        title={messages.common.requestExceptionTitle}
        subTitle={errorMessage(house.error, messages.common.requestException)}
        extra={
          <Button type="primary" onClick={() => void house.refetch()}>
            {adminConsoleMessages.retry}
          </Button>
        }
      />
    );
  } else {
    body = (
      <HouseForm
        key={house.data?.id ?? 'new'}
        house={house.data}
        reload={async () => (await house.refetch()).data}
        onCreated={(created) => void navigate(houseEditPath(created.id), { replace: true })}
      />
    );
  }

  return (
    <PageContainer title={id === null ? text.titleNew : text.titleEdit(house.data?.name ?? '')} onBack={back} backIcon={undefined}>
      {body}
    </PageContainer>
  );
}
