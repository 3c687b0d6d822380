import { messages } from '@baobei/shared/messages';
import { Button, Input, Selector, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { calculateMortgage, parseMortgageForm, type MortgageField, type MortgageResult, type RepaymentMethod } from '../mortgage';
import styles from './mortgage-calculator.module.css';

const calculatorText = messages.calculator;

const FIELD_MESSAGE: Record<MortgageField, string> = {
  amount: calculatorText.amountInvalid,
  years: calculatorText.yearsInvalid,
  rate: calculatorText.rateInvalid,
};

const METHODS: { label: string; value: RepaymentMethod }[] = [
  { label: calculatorText.equalPayment, value: 'equalPayment' },
  { label: calculatorText.equalPrincipal, value: 'equalPrincipal' },
];

const DEFAULT_FORM = { amount: '100', years: '30', rate: '3.5', method: 'equalPayment' as RepaymentMethod };

function money(value: number): string {
  return value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function initialResult(): MortgageResult | null {
  const parsed = parseMortgageForm(DEFAULT_FORM);
  return parsed.ok ? calculateMortgage(parsed.input) : null;
}

/** The built-in calculator: loan, years, rate and method give the monthly payment. */
export function MortgageCalculator() {
  const [form, setForm] = useState(DEFAULT_FORM);
  const [result, setResult] = useState<{ value: MortgageResult; method: RepaymentMethod } | null>(() => {
    const value = initialResult();
    return value ? { value, method: DEFAULT_FORM.method } : null;
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMortgageForm(form);
    if (!parsed.ok) {
      Toast.show({ content: FIELD_MESSAGE[parsed.field] });
      return;
    }
    setResult({ value: calculateMortgage(parsed.input), method: parsed.input.method });
  };

  const field = (key: 'amount' | 'years' | 'rate', label: string, unit: string, mode: 'decimal' | 'numeric') => (
    <label className={styles.row}>
      <span className={styles.label}>{label}</span>
      <Input
        className={styles.input}
        value={form[key]}
        onChange={(value) => setForm((f) => ({ ...f, [key]: value }))}
        inputMode={mode}
        clearable
        data-testid={`calc-${key}`}
      />
      <span className={styles.unit}>{unit}</span>
    </label>
  );

  return (
    <form className={styles.wrap} onSubmit={onSubmit} noValidate data-testid="calculator-form">
      <div className={styles.card}>
        {field('amount', calculatorText.loanAmount, calculatorText.loanAmountUnit, 'decimal')}
        {field('years', calculatorText.years, calculatorText.yearsUnit, 'numeric')}
        {field('rate', calculatorText.rate, calculatorText.rateUnit, 'decimal')}
        <div className={styles.row}>
          <span className={styles.label}>{calculatorText.method}</span>
          <Selector
            className={styles.methods}
            options={METHODS}
            value={[form.method]}
            onChange={(values) => {
              const method = values[0];
              if (method) setForm((f) => ({ ...f, method }));
            }}
            showCheckMark={false}
          />
        </div>
      </div>
      <Button block type="submit" color="primary" className={styles.submit} data-testid="calc-submit">
        {calculatorText.calculate}
      </Button>

      {result && (
        <div className={styles.result} data-testid="calc-result">
          <div className={styles.headline}>
            <span className={styles.headlineLabel}>
              {result.method === 'equalPayment' ? calculatorText.monthlyPayment : calculatorText.firstMonthPayment}（{calculatorText.yuan}）
            </span>
            <strong className={styles.headlineValue} data-testid="calc-monthly">
              {money(result.value.firstMonth)}
            </strong>
          </div>
          <dl className={styles.figures}>
            {result.method === 'equalPrincipal' && (
              <div>
                <dt>{calculatorText.monthlyDecrease}</dt>
                <dd>
                  {money(result.value.monthlyDecrease)}
                  {calculatorText.yuan}
                </dd>
              </div>
            )}
            <div>
              <dt>{calculatorText.totalInterest}</dt>
              <dd>
                {money(result.value.totalInterest)}
                {calculatorText.yuan}
              </dd>
            </div>
            <div>
              <dt>{calculatorText.totalPayment}</dt>
              <dd>
                {money(result.value.totalPayment)}
                {calculatorText.yuan}
              </dd>
            </div>
          </dl>
          <p className={styles.hint}>{calculatorText.hint}</p>
        </div>
      )}
    </form>
  );
}
