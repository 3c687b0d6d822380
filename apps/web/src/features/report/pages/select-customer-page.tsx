import { messages } from '@baobei/shared/messages';
import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { Checkbox, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { AddCustomerPopup } from '../../../components/add-customer-popup';
import { createIdempotencyKeeper } from '../../../lib/idempotency-key';
import { updateDraft } from '../../../lib/report-draft';
import { useMaxCustomersPerReport } from '../model/max-customers';
import { useSessionStore } from '../../../lib/session/session-store';
import { useAddCustomer } from '../../../api/add-customer';
import { useCustomerList } from '../../../api/customer-list';
import { SelectFooter } from '../components/select-footer';
import { PeopleSearchBar, SelectGroups, SelectScreen } from '../components/select-screen';
import styles from '../components/select.module.css';
import { appendCustomers, isInDraft, phonesOf, toggleCustomer } from '../model/select-logic';
import { useBackToForm, useSelectDraft } from '../hooks/use-select-draft';

const selectText = messages.reportSelect;

function sexLabel(sex: number): string {
  if (sex === 1) return messages.customerList.sexMale;
  if (sex === 2) return messages.customerList.sexFemale;
  return '';
}

/**
 * /house/record/select/customer 选择客户: the user's customers by initial,
 * search by name or phone on every input, multi-select within the company's limit counting the
 * customers already in the draft (those show checked and disabled).
 */
export function SelectCustomerPage() {
  const draft = useSelectDraft();
  const goBack = useBackToForm(draft);
  const sessionReady = useSessionStore((s) => s.ready);
  const [keyword, setKeyword] = useState('');
  const list = useCustomerList(keyword.trim(), sessionReady);
  const groups = useMemo(() => (list.data ?? []).filter((g) => g.list.length > 0), [list.data]);

  const draftCustomers = useMemo(() => draft?.customers ?? [], [draft]);
  const maxCustomers = useMaxCustomersPerReport();
  const draftPhones = useMemo(() => phonesOf(draftCustomers), [draftCustomers]);
  const [picked, setPicked] = useState<Customer[]>([]);
  const pickedIds = new Set(picked.map((c) => c.id));
  const [adding, setAdding] = useState(false);
  const addCustomer = useAddCustomer();
  const [keyOf] = useState(() => createIdempotencyKeeper());
  // Masked phones are accepted only where every chosen listing takes them (DECISIONS.md, ruleTel).
  const maskedAllowed = (draft?.houses.length ?? 0) > 0 && (draft?.houses ?? []).every((h) => h.ruleTel === 'MASKED');

  const toggle = (customer: Customer) => {
    const result = toggleCustomer(picked, customer, draftCustomers.length, maxCustomers);
    if (result.ok) setPicked(result.picked);
    else
      Toast.show({
        content: messages.record.tooManyCustomers(maxCustomers, draftCustomers.length),
      });
  };

  /** A customer added here is stored, then picked like one from the list. */
  const add = async (input: CustomerInput) => {
    const customer = await addCustomer.mutateAsync({ input, key: keyOf(input) });
    toggle(customer);
    setAdding(false);
  };

  const confirm = async () => {
    if (!draft) return;
    if (picked.length > 0) await updateDraft((d) => ({ ...d, customers: appendCustomers(d.customers, picked) }));
    goBack();
  };

  return (
    <SelectScreen
      onBack={goBack}
      right={
        <button type="button" className={styles.navAction} onClick={() => setAdding(true)} data-testid="select-customer-add">
          {messages.customerList.add}
        </button>
      }
      footer={
        <SelectFooter
          count={draftCustomers.length + picked.length}
          max={maxCustomers}
          onConfirm={() => void confirm()}
        />
      }
      search={
        <PeopleSearchBar keyword={keyword} onKeyword={setKeyword} placeholder={selectText.customerSearchPlaceholder} testId="select-customer-search" />
      }
      list="index"
      popups={
        <AddCustomerPopup
          visible={adding}
          onClose={() => setAdding(false)}
          existingPhones={[...draftPhones, ...picked.map((c) => c.phone)]}
          maskedAllowed={maskedAllowed}
          onSubmit={add}
        />
      }
    >
      <SelectGroups
        query={list}
        groups={groups}
        itemKey={(c) => c.id}
        testId="select-customer"
        emptyTitle={selectText.customerEmpty}
        errorTitle={selectText.customerLoadError}
        renderItem={(customer) => {
          const inDraft = isInDraft(customer, draftPhones);
          const checked = inDraft || pickedIds.has(customer.id);
          return (
            <button
              type="button"
              className={styles.person}
              disabled={inDraft}
              onClick={() => toggle(customer)}
              data-testid="select-customer-row"
              data-checked={checked}
              aria-pressed={checked}
            >
              <Checkbox className={styles.check} checked={checked} disabled={inDraft} />
              <span className={styles.info}>
                <span className={styles.name}>
                  {customer.name}
                  <span className={styles.sex}>{sexLabel(customer.sex)}</span>
                </span>
                <span className={styles.sub}>{customer.phone}</span>
              </span>
              {inDraft && <span className={styles.tag}>{selectText.customerInDraft}</span>}
            </button>
          );
        }}
      />
    </SelectScreen>
  );
}
