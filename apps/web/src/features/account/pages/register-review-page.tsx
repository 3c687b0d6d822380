import { messages } from '@baobei/shared/messages';
import type { RegistrationItem } from '@baobei/shared/schemas/registration';
import { Button, Dialog, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { ImageViewer } from '../../../components/lazy-overlays';
import { Page } from '../../../components/page';
import { PagedListBody, usePagedItems } from '../../../components/paged-list-body';
import { errorMessage } from '../../../lib/api-error';
import { useRegistrationList, useReviewRegistration } from '../api/registration-review-api';
import styles from '../components/registration.module.css';

const registrationText = messages.registration;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <span className={styles.factLabel}>{label}</span>
      <span className={styles.factValue}>{value || registrationText.none}</span>
    </div>
  );
}

function RegistrationCard(props: { item: RegistrationItem; busy: boolean; onApprove: () => void; onReject: () => void }) {
  const { item } = props;
  const channel = item.channelName ? `${item.channelName} ${item.channelMobile}` : '';
  return (
    <div className={styles.card} data-testid="registration-card">
      <div className={styles.cardTitle}>{item.companyLicenseName}</div>
      <Fact label={registrationText.shortName} value={item.name} />
      <Fact label={registrationText.creditNo} value={item.creditNo} />
      <Fact label={registrationText.managerName} value={item.managerName} />
      <Fact label={registrationText.managerPhone} value={item.managerPhone} />
      <Fact label={registrationText.address} value={item.address} />
      <Fact label={registrationText.region} value={item.locationName} />
      <Fact label={registrationText.channel} value={channel} />
      <Fact label={registrationText.submittedAt} value={item.createdAt} />
      <div className={styles.fact}>
        <span className={styles.factLabel}>{registrationText.licence}</span>
        <span className={styles.factValue}>
          <img
            className={styles.licenceImage}
            src={item.businessLicensePic}
            alt={registrationText.licence}
            onClick={() => ImageViewer.show({ image: item.businessLicensePic, maxZoom: 3 })}
            data-testid="registration-licence"
          />
        </span>
      </div>
      <div className={styles.actions}>
        <Button color="danger" fill="outline" disabled={props.busy} onClick={props.onReject} data-testid="registration-reject">
          {registrationText.reviewReject}
        </Button>
        <Button color="primary" disabled={props.busy} onClick={props.onApprove} data-testid="registration-approve">
          {registrationText.reviewApprove}
        </Button>
      </div>
    </div>
  );
}

/**
 * /register/review 注册审核 (AUDITORADMIN, level 7): pending registrations with every field
 * and the licence picture; approve creates the distributor and its general account, reject
 * needs a reason; the registrant gets an SMS either way.
 */
export function RegisterReviewPage() {
  const list = useRegistrationList();
  const review = useReviewRegistration();
  const [rejecting, setRejecting] = useState<RegistrationItem | null>(null);
  const [reason, setReason] = useState('');

  const send = (item: RegistrationItem, approve: boolean, why: string) =>
    review.mutateAsync({ id: item.id, approve, reason: why }).then(
      (answer) => {
        Toast.show({ content: answer.msg, icon: 'success' });
        return true;
      },
      (error: unknown) => {
        void Dialog.alert({ content: errorMessage(error, registrationText.reviewFailed), confirmText: messages.common.confirm });
        return false;
      },
    );

  const approve = async (item: RegistrationItem) => {
    const confirmed = await Dialog.confirm({
      content: registrationText.reviewApproveConfirm(item.name),
      confirmText: registrationText.reviewApprove,
      cancelText: messages.common.cancel,
    });
    if (confirmed) await send(item, true, '');
  };

  const items = usePagedItems(list);
  return (
    <Page backFallback="/home">
      <PagedListBody
        query={list}
        items={items}
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <RegistrationCard
            item={item}
            busy={review.isPending}
            onApprove={() => void approve(item)}
            onReject={() => {
              setReason('');
              setRejecting(item);
            }}
          />
        )}
        testId="registration-list"
        emptyTitle={registrationText.reviewEmpty}
        emptyTestId="registration-empty"
        errorTitle={registrationText.reviewLoadError}
        noMoreText={registrationText.reviewNoMore}
      />
      <Dialog
        visible={rejecting !== null}
        title={registrationText.reviewRejectTitle}
        content={
          <TextArea
            value={reason}
            onChange={setReason}
            placeholder={registrationText.reviewReasonPlaceholder}
            rows={3}
            maxLength={200}
            showCount
            data-testid="registration-reason"
          />
        }
        closeOnAction={false}
        onClose={() => setRejecting(null)}
        actions={[
          [
            { key: 'cancel', text: messages.common.cancel, onClick: () => setRejecting(null) },
            {
              key: 'confirm',
              text: registrationText.reviewReject,
              danger: true,
              disabled: review.isPending,
              onClick: async () => {
                if (!rejecting) return;
                if (!reason.trim()) {
                  Toast.show({ content: registrationText.reviewReasonRequired });
                  return;
                }
                if (await send(rejecting, false, reason.trim())) setRejecting(null);
              },
            },
          ],
        ]}
      />
    </Page>
  );
}
