import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sortedCountries } from '../lib/countries';
import { i18nKey } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import type { FieldError } from '../lib/rules';

const SECTIONS = /^(basic|registration|operation)\./;

/** The label of a field path of the contracts' rules (`livingAddress.city`, `documents.X`). */
export function fieldLabel(path: string, t: TFunction): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(path)) return path;
  const p = path.replace(SECTIONS, '').replace(/FileIds$/, '');
  const parts = p.split('.');
  const last = parts[parts.length - 1] ?? p;
  if (parts[0] === 'livingAddress' && parts.length > 1)
    return `${t('kyc.individual.livingAddress')}: ${t(`kyc.address.${last}` as 'kyc.address.city')}`;
  if (parts[0] === 'mailingAddress' && parts.length > 1)
    return `${t('kyc.individual.mailingAddress')}: ${t(`kyc.address.${last}` as 'kyc.address.city')}`;
  if (p === 'mailingAddress') return t('kyc.individual.mailingAddress');
  if (parts[0] === 'documents' && parts.length > 1)
    return t(`kyc.documents.${last}` as 'kyc.documents.BOARD_RESOLUTION');
  if (p === 'shareholders') return t('kyc.institution.steps.shareholders');
  return t(`kyc.fields.${last}` as 'kyc.fields.title', { defaultValue: path });
}

/** The message of a field error in the page's language, the field names in it translated. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | null | undefined, path = ''): string | null => {
    if (!error) return null;
    const params: Record<string, string> = { ...error.params };
    params.field = fieldLabel(params.field ?? path, t);
    if (params.other) params.other = fieldLabel(params.other, t);
    return t(i18nKey(error.code), { ns: 'errors', ...params });
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
  name,
  label,
  error,
  hint,
  optional,
  children,
}: Base & { id: string; children: ReactNode }) {
  const { t } = useTranslation();
  const text = useErrorText()(error, name);
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
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

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
export function CountrySelect(props: Base & { value: string; onChange: (v: string) => void }) {
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
    <ol
      className="kyc-steps"
      aria-label={t('kyc.progress', { step: current + 1, total: steps.length })}
    >
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
