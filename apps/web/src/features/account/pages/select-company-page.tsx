import { messages } from '@baobei/shared/messages';
import { Button, DotLoading, SearchBar, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { useGoBack } from '../../../lib/use-go-back';
import { getCompanyByName, useCompanyByKeyword } from '../api/registration-api';
import styles from '../components/registration.module.css';
import { updateRegistrationDraft, useRegistrationDraft } from '../model/registration-draft';

const registrationText = messages.registration;
/** Part 2, section 9 throttles search input by 400 ms. */
const SEARCH_DELAY_MS = 400;

/**
 * /register/select/company 选择公司: search the company registry by keyword; choosing a
 * company fills the form's name and looks up its credit code (part 2, section 8: when the
 * lookup fails, toast 信用代码获取失败,请手动填写 and the code becomes editable).
 */
export function SelectCompanyPage() {
  const current = useRegistrationDraft((s) => s.companyLicenseName);
  const goBack = useGoBack('/register');
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [choosing, setChoosing] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const companies = useCompanyByKeyword(keyword);

  const choose = async (name: string) => {
    if (choosing) return;
    setChoosing(true);
    try {
      const { creditNo } = await getCompanyByName(name);
      updateRegistrationDraft({ companyLicenseName: name, creditNo, creditEditable: false });
    } catch {
      updateRegistrationDraft({ companyLicenseName: name, creditNo: '', creditEditable: true });
      Toast.show({ content: registrationText.creditLookupFailed });
    } finally {
      setChoosing(false);
    }
    goBack();
  };

  /**
   * A company outside the registry (nothing found, or the search failed) is taken
   * as typed, and the form asks for its credit code by hand; the shared rule checks its check
   * character and the server compares it with the registry's when the registry knows the name.
   */
  const chooseTyped = () => {
    const name = input.trim();
    if (!name) return;
    updateRegistrationDraft({ companyLicenseName: name, creditNo: '', creditEditable: true });
    goBack();
  };
  const typed = input.trim();
  const manual = typed ? (
    <div className={styles.manual} data-testid="select-company-manual">
      <div className={styles.manualHint}>{registrationText.companyNotListed}</div>
      <Button block color="primary" fill="outline" onClick={chooseTyped} data-testid="select-company-use-typed">
        {registrationText.companyUseTyped(typed)}
      </Button>
    </div>
  ) : null;

  let body;
  if (!keyword) {
    body = <StateBlock kind="empty" title={registrationText.companySearchHint} testId="select-company-hint" />;
  } else if (companies.data) {
    body =
      companies.data.length > 0 ? (
        <div data-testid="select-company-list">
          {companies.data.map((c) => (
            <button key={c.name} type="button" className={styles.option} onClick={() => void choose(c.name)} data-testid="select-company-row">
              <span>{c.name}</span>
              {c.name === current && <CheckOutline className={styles.current} />}
            </button>
          ))}
        </div>
      ) : (
        <>
          <StateBlock kind="empty" title={registrationText.companyEmpty} testId="select-company-empty" />
          {manual}
        </>
      );
  } else if (companies.isError) {
    body = (
      <>
        <StateBlock kind="error" title={registrationText.companyLoadError} onRetry={() => void companies.refetch()} testId="select-company-error" />
        {manual}
      </>
    );
  } else {
    body = (
      <div style={{ padding: 24, textAlign: 'center' }}>
        <DotLoading color="primary" />
      </div>
    );
  }

  return (
    <Page onBack={goBack}>
      <div className={styles.searchBar}>
        <SearchBar value={input} onChange={setInput} placeholder={registrationText.companySearchPlaceholder} data-testid="select-company-search" />
      </div>
      {body}
    </Page>
  );
}
