import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSubmitKyc } from '../api/kyc';
import { useKycDraft } from '../hooks/use-kyc-draft';
import { clearLocalDraft } from '../lib/draft-store';
import { UploadPlace } from '../lib/files';
import {
  ACCOUNT_PURPOSES,
  ANNUAL_AMOUNT_BANDS,
  DOCUMENT_TYPES,
  FUND_SOURCES,
  INDUSTRIES,
  INSTITUTION_STEPS,
  REQUIRED_DOCUMENTS,
  TAX_DOCUMENT_TYPES,
  TRANSACTION_COUNT_BANDS,
  emptyInstitution,
  emptyShareholder,
  needsShareholderId,
  validateDocuments,
  validateInstitutionBasic,
  validateOperation,
  validateRegistration,
  validateShareholders,
  type InstitutionBasic,
  type InstitutionForm as Form,
  type InstitutionOperation,
  type InstitutionRegistration,
} from '../lib/institution';
import { expiryRange, isoDate, pastRange, type FieldError } from '../lib/rules';
import { CountrySelect, KycCheck, KycSelect, KycText, KycTextArea, StepProgress, useErrorText } from './fields';
import { UploadField } from './upload-field';

type Basics = Pick<Form, 'basic' | 'registration' | 'operation'>;
type Advanced = Pick<Form, 'documents' | 'shareholders'>;

const empty = () => {
  const e = emptyInstitution();
  return {
    step: 0,
    basicInfo: { basic: e.basic, registration: e.registration, operation: e.operation } as Basics,
    advancedInfo: { documents: e.documents, shareholders: e.shareholders } as Advanced,
  };
};

type ErrorMap = Record<string, FieldError | undefined>;

/** The institution's verification in five steps; each change is kept as a draft. */
export function InstitutionForm({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorOf = useErrorText();
  const { draft, update } = useKycDraft(owner, 'institution', empty);
  const [errors, setErrors] = useState<ErrorMap>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitKyc('institution');
  const today = isoDate(new Date());
  const step = Math.min(Math.max(draft.step, 0), INSTITUTION_STEPS.length - 1);
  const current = INSTITUTION_STEPS[step]!;
  const { basic, registration, operation } = draft.basicInfo;
  const { documents, shareholders } = draft.advancedInfo;

  const setIn =
    <S extends 'basic' | 'registration' | 'operation'>(section: S) =>
    <K extends keyof Basics[S]>(key: K) =>
    (value: Basics[S][K]) => {
      update((d) => ({
        ...d,
        basicInfo: { ...d.basicInfo, [section]: { ...d.basicInfo[section], [key]: value } },
      }));
      setErrors((e) => ({ ...e, [key as string]: undefined }));
    };
  const setBasic = setIn('basic');
  const setReg = setIn('registration');
  const setOp = setIn('operation');
  const setAdv = (change: (a: Advanced) => Advanced) =>
    update((d) => ({ ...d, advancedInfo: change(d.advancedInfo) }));

  const validate = (which: (typeof INSTITUTION_STEPS)[number]): ErrorMap => {
    switch (which) {
      case 'basic':
        return validateInstitutionBasic(basic, today);
      case 'registration':
        return validateRegistration(registration, today);
      case 'operation':
        return validateOperation(operation);
      case 'documents':
        return validateDocuments(documents);
      case 'shareholders':
        return validateShareholders(shareholders);
    }
  };

  const goTo = (n: number) => {
    update((d) => ({ ...d, step: n }));
    window.scrollTo?.({ top: 0 });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(current);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (step < INSTITUTION_STEPS.length - 1) {
      goTo(step + 1);
      return;
    }
    const firstBad = INSTITUTION_STEPS.findIndex((s) => Object.keys(validate(s)).length > 0);
    if (firstBad >= 0) {
      setErrors(validate(INSTITUTION_STEPS[firstBad]!));
      goTo(firstBad);
      return;
    }
    submit.mutate(
      {
        basicInfo: {
          ...basic,
          ...registration,
          registrationExpiry: registration.registrationPermanent ? null : registration.registrationExpiry,
          ...operation,
        },
        advancedInfo: {
          documents: Object.fromEntries(
            Object.entries(documents).map(([type, files]) => [type, (files ?? []).map((f) => f.id)]),
          ),
          shareholders: shareholders.map((s) => ({
            name: s.name,
            percent: s.percent,
            idFiles: s.idFiles.map((f) => f.id),
          })),
        },
      },
      {
        onSuccess: () => {
          clearLocalDraft();
          void navigate(PATHS.identity);
        },
        onError: (err) => setFormError(err instanceof ApiError ? errorText(err, t) : t('common.unexpectedError')),
      },
    );
  };

  const opts = (list: readonly string[], group: string) =>
    list.map((v) => ({ value: v, label: t(`kyc.${group}.${v}` as 'kyc.titles.MR') }));
  const field = (key: string) => ({
    name: key,
    label: t(`kyc.fields.${key}` as 'kyc.fields.title'),
    error: errors[key],
  });

  const basicStep = () => {
    const b: InstitutionBasic = basic;
    const past = pastRange(today);
    const future = expiryRange(today);
    return (
      <div className="kyc-grid">
        <KycText {...field('institutionFullName')} value={b.institutionFullName} onChange={setBasic('institutionFullName')} />
        <KycText {...field('dbaName')} optional value={b.dbaName} onChange={setBasic('dbaName')} />
        <KycText {...field('phoneAreaCode')} inputMode="tel" value={b.phoneAreaCode} onChange={setBasic('phoneAreaCode')} />
        <KycText {...field('phoneNumber')} inputMode="tel" value={b.phoneNumber} onChange={setBasic('phoneNumber')} />
        <KycSelect {...field('fundSource')} value={b.fundSource} onChange={setBasic('fundSource')} options={opts(FUND_SOURCES, 'fundSources')} />
        <fieldset className={`kyc-fieldset${errors.accountPurposes ? ' field--error' : ''}`}>
          <legend className="field__label">{t('kyc.fields.accountPurposes')}</legend>
          <div className="kyc-checks">
            {ACCOUNT_PURPOSES.map((p) => (
              <KycCheck
                key={p}
                name={`accountPurposes.${p}`}
                label={t(`kyc.purposes.${p}`)}
                checked={b.accountPurposes.includes(p)}
                onChange={(on) =>
                  setBasic('accountPurposes')(
                    on ? [...b.accountPurposes, p] : b.accountPurposes.filter((x) => x !== p),
                  )
                }
              />
            ))}
          </div>
          {errors.accountPurposes && (
            <p className="field__error" role="alert">
              {errorOf(errors.accountPurposes)}
            </p>
          )}
        </fieldset>
        <CountrySelect {...field('taxNationality')} value={b.taxNationality} onChange={setBasic('taxNationality')} />
        <KycSelect {...field('taxDocumentType')} value={b.taxDocumentType} onChange={setBasic('taxDocumentType')} options={opts(TAX_DOCUMENT_TYPES, 'taxDocumentTypes')} />
        <KycText {...field('taxIdentificationNumber')} value={b.taxIdentificationNumber} onChange={setBasic('taxIdentificationNumber')} />
        <KycText {...field('taxIssueDate')} type="date" min={past.min} max={past.max} value={b.taxIssueDate} onChange={setBasic('taxIssueDate')} />
        <KycText {...field('taxExpiryDate')} optional type="date" min={future.min} max={future.max} value={b.taxExpiryDate} onChange={setBasic('taxExpiryDate')} />
        <KycSelect {...field('industryCategory')} value={b.industryCategory} onChange={setBasic('industryCategory')} options={opts(INDUSTRIES, 'industries')} />
        <CountrySelect {...field('businessCountry')} hint={t('kyc.refusedHint')} value={b.businessCountry} onChange={setBasic('businessCountry')} />
        <CountrySelect {...field('fundsSourceCountry')} value={b.fundsSourceCountry} onChange={setBasic('fundsSourceCountry')} />
        <CountrySelect {...field('fundsDestinationCountry')} value={b.fundsDestinationCountry} onChange={setBasic('fundsDestinationCountry')} />
        <KycSelect {...field('annualTransactionCount')} value={b.annualTransactionCount} onChange={setBasic('annualTransactionCount')} options={opts(TRANSACTION_COUNT_BANDS, 'countBands')} />
        <KycSelect {...field('annualAmountUsd')} value={b.annualAmountUsd} onChange={setBasic('annualAmountUsd')} options={opts(ANNUAL_AMOUNT_BANDS, 'amountBands')} />
        <KycCheck name="financialInstitution" label={t('kyc.fields.financialInstitution')} checked={b.financialInstitution} onChange={setBasic('financialInstitution')} />
        <div className="kyc-grid__wide">
          <KycTextArea {...field('businessScenario')} value={b.businessScenario} onChange={setBasic('businessScenario')} />
        </div>
      </div>
    );
  };

  const registrationStep = () => {
    const r: InstitutionRegistration = registration;
    const past = pastRange(today);
    const future = expiryRange(today);
    return (
      <div className="kyc-grid">
        <KycText {...field('registrationNumber')} value={r.registrationNumber} onChange={setReg('registrationNumber')} />
        <KycText {...field('registrationDate')} type="date" min={past.min} max={past.max} value={r.registrationDate} onChange={setReg('registrationDate')} />
        <CountrySelect {...field('registrationCountry')} hint={t('kyc.refusedHint')} value={r.registrationCountry} onChange={setReg('registrationCountry')} />
        <KycText {...field('registrationState')} optional value={r.registrationState} onChange={setReg('registrationState')} />
        <KycText {...field('registrationCity')} value={r.registrationCity} onChange={setReg('registrationCity')} />
        <KycText {...field('registrationAddress1')} value={r.registrationAddress1} onChange={setReg('registrationAddress1')} />
        <KycText {...field('registrationAddress2')} optional value={r.registrationAddress2} onChange={setReg('registrationAddress2')} />
        <div className="kyc-field-group">
          <KycText
            {...field('registrationExpiry')}
            type="date"
            min={future.min}
            max={future.max}
            disabled={r.registrationPermanent}
            value={r.registrationPermanent ? '' : r.registrationExpiry}
            onChange={setReg('registrationExpiry')}
          />
          <KycCheck name="registrationPermanent" label={t('kyc.fields.registrationPermanent')} checked={r.registrationPermanent} onChange={setReg('registrationPermanent')} />
        </div>
      </div>
    );
  };

  const operationStep = () => {
    const o: InstitutionOperation = operation;
    return (
      <div className="kyc-grid">
        <div className="kyc-grid__wide">
          <KycTextArea {...field('mainBusinessScope')} value={o.mainBusinessScope} onChange={setOp('mainBusinessScope')} />
        </div>
        <KycText {...field('operationState')} optional value={o.operationState} onChange={setOp('operationState')} />
        <KycText {...field('operationCity')} value={o.operationCity} onChange={setOp('operationCity')} />
        <KycText {...field('operationAddress')} value={o.operationAddress} onChange={setOp('operationAddress')} />
        <KycText {...field('operationAddress2')} optional value={o.operationAddress2} onChange={setOp('operationAddress2')} />
        <KycText {...field('operationPostalCode')} optional value={o.operationPostalCode} onChange={setOp('operationPostalCode')} />
      </div>
    );
  };

  const documentsStep = () => (
    <>
      <p className="muted">{t('kyc.institution.documentsRule')}</p>
      <div className="kyc-uploads">
        {DOCUMENT_TYPES.map((type) => (
          <UploadField
            key={type}
            place={UploadPlace.KYC_COMPANY_DOCUMENT}
            name={type}
            label={`${t(`kyc.documents.${type}`)}${REQUIRED_DOCUMENTS.includes(type) ? '' : ` (${t('kyc.optional')})`}`}
            files={documents[type] ?? []}
            onChange={(files) => {
              setAdv((a) => ({ ...a, documents: { ...a.documents, [type]: files } }));
              setErrors((e) => ({ ...e, [type]: undefined }));
            }}
            error={errors[type]}
          />
        ))}
      </div>
    </>
  );

  const setHolder = (i: number, change: Partial<Form['shareholders'][number]>) => {
    setAdv((a) => ({
      ...a,
      shareholders: a.shareholders.map((s, j) => (j === i ? { ...s, ...change } : s)),
    }));
    setErrors((e) => ({ ...e, [`${i}.${Object.keys(change)[0]}`]: undefined, total: undefined }));
  };

  const shareholdersStep = () => (
    <>
      <p className="muted">{t('kyc.institution.shareholderRule')}</p>
      {shareholders.map((s, i) => (
        <fieldset key={i} className="kyc-shareholder">
          <legend>{t('kyc.institution.shareholder', { n: i + 1 })}</legend>
          <div className="kyc-grid">
            <KycText name={`shareholders.${i}.name`} label={t('kyc.fields.shareholderName')} error={errors[`${i}.name`]} value={s.name} onChange={(v) => setHolder(i, { name: v })} />
            <KycText name={`shareholders.${i}.percent`} label={t('kyc.fields.sharePercent')} inputMode="decimal" error={errors[`${i}.percent`]} value={s.percent} onChange={(v) => setHolder(i, { percent: v.replace(',', '.') })} />
          </div>
          {needsShareholderId(s) && (
            <UploadField
              place={UploadPlace.KYC_SHAREHOLDER_ID}
              name={`shareholders.${i}.idFiles`}
              label={t('kyc.fields.shareholderId')}
              files={s.idFiles}
              onChange={(files) => setHolder(i, { idFiles: files })}
              error={errors[`${i}.idFiles`]}
            />
          )}
          {shareholders.length > 1 && (
            <button
              type="button"
              className="button button--small"
              onClick={() => setAdv((a) => ({ ...a, shareholders: a.shareholders.filter((_, j) => j !== i) }))}
            >
              {t('kyc.institution.removeShareholder')}
            </button>
          )}
        </fieldset>
      ))}
      {errors.total && (
        <p className="field__error" role="alert">
          {errorOf(errors.total)}
        </p>
      )}
      <button
        type="button"
        className="button"
        onClick={() => setAdv((a) => ({ ...a, shareholders: [...a.shareholders, emptyShareholder()] }))}
      >
        {t('kyc.institution.addShareholder')}
      </button>
    </>
  );

  const body = {
    basic: basicStep,
    registration: registrationStep,
    operation: operationStep,
    documents: documentsStep,
    shareholders: shareholdersStep,
  }[current];

  return (
    <section className="kyc-page panel" aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kyc.institution.title')}</h1>
      <p className="muted">{t('kyc.institution.intro')}</p>
      <StepProgress steps={INSTITUTION_STEPS.map((s) => t(`kyc.institution.steps.${s}`))} current={step} />
      <form onSubmit={onSubmit} noValidate className="kyc-form" aria-label={t(`kyc.institution.steps.${current}`)}>
        <h2>{t(`kyc.institution.steps.${current}`)}</h2>
        {body()}
        {formError && (
          <p className="field__error kyc-form__error" role="alert">
            {formError}
          </p>
        )}
        <div className="kyc-actions">
          {step > 0 && (
            <button type="button" className="button" onClick={() => goTo(step - 1)}>
              {t('common.back')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={submit.isPending}>
            {step < INSTITUTION_STEPS.length - 1 ? t('kyc.next') : submit.isPending ? t('common.loading') : t('kyc.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
