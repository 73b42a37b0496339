import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sortedCountries } from '../lib/countries';
import type { FieldError } from '../lib/rules';

/** The message of a field error in the page's language (field names in it translated too). */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | null | undefined): string | null => {
    if (!error) return null;
    const params: Record<string, string | number> = { ...(error.params ?? {}) };
    if (typeof params.other === 'string') {
      params.other = t(`kyc.fields.${params.other}` as 'kyc.fields.title');
    }
    return t(`kyc.errors.${error.key}`, params);
  };
}

interface Base {
  label: string;
  error?: FieldError | null | undefined;
  hint?: ReactNode;
  optional?: boolean;
  name: string;
}

function Frame({
  id,
  label,
  error,
  hint,
  optional,
  children,
}: Omit<Base, 'name'> & { id: string; children: ReactNode }) {
  const { t } = useTranslation();
  const text = useErrorText()(error);
  return (
    <div className={`field kyc-field${text ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="muted kyc-field__optional"> ({t('kyc.optional')})</span>}
      </label>
      <div className="field__control">{children}</div>
      {hint && (
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {text && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {text}
        </p>
      )}
    </div>
  );
}

const described = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
  undefined;

export function KycText({
  value,
  onChange,
  type = 'text',
  inputMode,
  min,
  max,
  disabled,
  ...base
}: Base & {
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'date';
  inputMode?: 'text' | 'numeric' | 'tel' | 'decimal';
  min?: string;
  max?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Frame id={id} {...base}>
      <input
        id={id}
        name={base.name}
        className="field__input"
        type={type}
        value={value}
        inputMode={inputMode}
        min={min}
        max={max}
        disabled={disabled}
        aria-invalid={base.error ? true : undefined}
        aria-describedby={described(id, base.hint, base.error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Frame>
  );
}

export function KycTextArea({
  value,
  onChange,
  ...base
}: Base & { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <Frame id={id} {...base}>
      <textarea
        id={id}
        name={base.name}
        className="field__input kyc-textarea"
        rows={3}
        value={value}
        aria-invalid={base.error ? true : undefined}
        aria-describedby={described(id, base.hint, base.error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Frame>
  );
}

export function KycSelect({
  value,
  onChange,
  options,
  ...base
}: Base & {
  value: string;
  onChange: (v: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Frame id={id} {...base}>
      <select
        id={id}
        name={base.name}
        className="field__input kyc-select"
        value={value}
        aria-invalid={base.error ? true : undefined}
        aria-describedby={described(id, base.hint, base.error)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('kyc.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A country picker with the names in the page's language, sorted by them. */
export function CountrySelect(
  props: Base & { value: string; onChange: (v: string) => void },
) {
  const { i18n } = useTranslation();
  const options = sortedCountries(i18n.language).map((c) => ({ value: c.code, label: c.name }));
  return <KycSelect {...props} options={options} />;
}

export function KycCheck({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  name: string;
}) {
  return (
    <label className="kyc-check">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

export function StepProgress({ steps, current }: { steps: string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="kyc-steps" aria-label={t('kyc.progress', { step: current + 1, total: steps.length })}>
      {steps.map((label, i) => (
        <li
          key={label}
          className={`kyc-steps__item${i < current ? ' is-done' : ''}${i === current ? ' is-current' : ''}`}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="kyc-steps__dot">{i + 1}</span>
          <span className="kyc-steps__label">{label}</span>
        </li>
      ))}
    </ol>
  );
}
