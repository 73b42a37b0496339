import { KYC_DATE_MAX, KYC_ENDPOINTS, KycFilePlace } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSubmitKycStep } from '../api/kyc';
import { useKycDraft, type Draft } from '../hooks/use-kyc-draft';
import { clearLocalDraft } from '../lib/draft-store';
import {
  ACCOUNT_PURPOSES,
  ANNUAL_AMOUNT_BANDS,
  DOCUMENT_TYPES,
  FUND_SOURCES,
  INDUSTRIES,
  INSTITUTION_FORM_STEPS,
  TAX_DOCUMENT_TYPES,
  TRANSACTION_COUNT_BANDS,
  emptyDocuments,
  emptyInformation,
  emptyShareholder,
  fromInstitutionDraft,
  isRequiredDocument,
  needsShareholderId,
  toDocumentsDraft,
  toInformationDraft,
  toInstitutionDraft,
  validateInstitutionStep,
  type InstitutionBasic,
  type InstitutionDocuments,
  type InstitutionInformation,
  type InstitutionOperation,
  type InstitutionRegistration,
  type Shareholder,
} from '../lib/institution';
import { addDays, hasErrors, isoToday, serverErrors, type Errors } from '../lib/rules';
import {
  CountrySelect,
  KycCheck,
  KycSelect,
  KycText,
  KycTextArea,
  StepProgress,
  useErrorText,
} from './fields';
import { UploadField } from './upload-field';

type State = Draft<InstitutionInformation, InstitutionDocuments>;
const empty = (): State => ({
  step: 0,
  basicInfo: emptyInformation(),
  advancedInfo: emptyDocuments(),
});
const convert = {
  toServer: (d: State) => toInstitutionDraft(d.basicInfo, d.advancedInfo),
  fromServer: fromInstitutionDraft,
};
const PAST_MIN = '1900-01-01';

/** The institution's verification in five steps; each change is kept as a draft. */
export function InstitutionForm({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorOf = useErrorText();
  const { draft, update } = useKycDraft(owner, 'institution', empty, convert);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitKycStep();
  const today = isoToday();
  const step = Math.min(Math.max(draft.step, 0), INSTITUTION_FORM_STEPS.length - 1);
  const current = INSTITUTION_FORM_STEPS[step]!;
  const { basic, registration, operation } = draft.basicInfo;
  const { documents, shareholders } = draft.advancedInfo;

  const setIn =
    <S extends 'basic' | 'registration' | 'operation'>(section: S) =>
    <K extends keyof InstitutionInformation[S]>(key: K) =>
    (value: InstitutionInformation[S][K]) => {
      update((d) => ({
        ...d,
        basicInfo: { ...d.basicInfo, [section]: { ...d.basicInfo[section], [key]: value } },
      }));
      setErrors((e) => ({ ...e, [`${section}.${String(key)}`]: undefined }));
    };
  const setBasic = setIn('basic');
  const setReg = setIn('registration');
  const setOp = setIn('operation');
  const setAdv = (change: (a: InstitutionDocuments) => InstitutionDocuments) =>
    update((d) => ({ ...d, advancedInfo: change(d.advancedInfo) }));

  const goTo = (n: number) => {
    update((d) => ({ ...d, step: n }));
    window.scrollTo?.({ top: 0 });
  };
  const onFailure = (err: unknown) => {
    const fields = serverErrors(err, (f) => f.replace(/idFileIds$/, 'idFiles'));
    if (fields) {
      setErrors(fields);
      const bad = INSTITUTION_FORM_STEPS.findIndex((s) =>
        Object.keys(fields).some((k) => k.startsWith(s)),
      );
      if (bad >= 0 && bad !== step) goTo(bad);
    }
    setFormError(err instanceof ApiError ? errorText(err, t) : t('common.unexpectedError'));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateInstitutionStep(current, draft.basicInfo, draft.advancedInfo, today);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    if (current === 'operation') {
      submit.mutate(
        {
          endpoint: KYC_ENDPOINTS.institutionInformation,
          body: toInformationDraft(draft.basicInfo),
        },
        { onSuccess: () => goTo(step + 1), onError: onFailure },
      );
      return;
    }
    if (current !== 'shareholders') {
      goTo(step + 1);
      return;
    }
    // The page shows the review's state once the application is under review, which unmounts
    // this form: mutate's own callbacks would not run, so the promise carries on.
    submit
      .mutateAsync({
        endpoint: KYC_ENDPOINTS.institutionDocuments,
        body: toDocumentsDraft(draft.advancedInfo),
      })
      .then(() => {
        clearLocalDraft();
        void navigate(PATHS.identity);
      })
      .catch(onFailure);
  };

  const opts = (list: readonly string[], group: string) =>
    list.map((v) => ({ value: v, label: t(`kyc.${group}.${v}` as 'kyc.titles.MR') }));
  const field = (section: string, key: string) => ({
    name: `${section}.${key}`,
    label: t(`kyc.fields.${key}` as 'kyc.fields.title'),
    error: errors[`${section}.${key}`],
  });

  const basicStep = () => {
    const b: InstitutionBasic = basic;
    const k = (key: keyof InstitutionBasic) => field('basic', key);
    return (
      <div className="kyc-grid">
        <KycText
          {...k('institutionFullName')}
          value={b.institutionFullName}
          onChange={setBasic('institutionFullName')}
        />
        <KycText {...k('dbaName')} optional value={b.dbaName} onChange={setBasic('dbaName')} />
        <KycText
          {...k('phoneAreaCode')}
          inputMode="tel"
          value={b.phoneAreaCode}
          onChange={setBasic('phoneAreaCode')}
        />
        <KycText
          {...k('phoneNumber')}
          inputMode="tel"
          value={b.phoneNumber}
          onChange={setBasic('phoneNumber')}
        />
        <KycSelect
          {...k('fundSource')}
          value={b.fundSource}
          onChange={setBasic('fundSource')}
          options={opts(FUND_SOURCES, 'fundSources')}
        />
        {b.fundSource === 'OTHER' && (
          <KycText
            {...k('fundSourceOther')}
            value={b.fundSourceOther}
            onChange={setBasic('fundSourceOther')}
          />
        )}
        <fieldset
          className={`kyc-fieldset${errors['basic.accountPurposes'] ? ' field--error' : ''}`}
        >
          <legend className="field__label">{t('kyc.fields.accountPurposes')}</legend>
          <div className="kyc-checks">
            {ACCOUNT_PURPOSES.map((p) => (
              <KycCheck
                key={p}
                name={`basic.accountPurposes.${p}`}
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
          {errors['basic.accountPurposes'] && (
            <p className="field__error" role="alert">
              {errorOf(errors['basic.accountPurposes'], 'basic.accountPurposes')}
            </p>
          )}
        </fieldset>
        <CountrySelect
          {...k('taxNationality')}
          value={b.taxNationality}
          onChange={setBasic('taxNationality')}
        />
        <KycSelect
          {...k('taxDocumentType')}
          value={b.taxDocumentType}
          onChange={setBasic('taxDocumentType')}
          options={opts(TAX_DOCUMENT_TYPES, 'taxDocumentTypes')}
        />
        <KycText
          {...k('taxIdentificationNumber')}
          value={b.taxIdentificationNumber}
          onChange={setBasic('taxIdentificationNumber')}
        />
        <KycText
          {...k('taxIssueDate')}
          type="date"
          min={PAST_MIN}
          max={today}
          value={b.taxIssueDate}
          onChange={setBasic('taxIssueDate')}
        />
        <KycText
          {...k('taxExpiryDate')}
          optional
          type="date"
          min={addDays(today, 1)}
          max={KYC_DATE_MAX}
          value={b.taxExpiryDate}
          onChange={setBasic('taxExpiryDate')}
        />
        <KycSelect
          {...k('industryCategory')}
          value={b.industryCategory}
          onChange={setBasic('industryCategory')}
          options={opts(INDUSTRIES, 'industries')}
        />
        <CountrySelect
          {...k('actualBusinessCountry')}
          hint={t('kyc.refusedHint')}
          value={b.actualBusinessCountry}
          onChange={setBasic('actualBusinessCountry')}
        />
        <CountrySelect
          {...k('fundsSourceCountry')}
          value={b.fundsSourceCountry}
          onChange={setBasic('fundsSourceCountry')}
        />
        <CountrySelect
          {...k('fundsDestinationCountry')}
          value={b.fundsDestinationCountry}
          onChange={setBasic('fundsDestinationCountry')}
        />
        <KycSelect
          {...k('annualTransactionCount')}
          value={b.annualTransactionCount}
          onChange={setBasic('annualTransactionCount')}
          options={opts(TRANSACTION_COUNT_BANDS, 'countBands')}
        />
        <KycSelect
          {...k('annualAmountUsd')}
          value={b.annualAmountUsd}
          onChange={setBasic('annualAmountUsd')}
          options={opts(ANNUAL_AMOUNT_BANDS, 'amountBands')}
        />
        <KycCheck
          name="basic.isFinancialInstitution"
          label={t('kyc.fields.isFinancialInstitution')}
          checked={b.isFinancialInstitution}
          onChange={setBasic('isFinancialInstitution')}
        />
        <div className="kyc-grid__wide">
          <KycTextArea
            {...k('businessScenario')}
            value={b.businessScenario}
            onChange={setBasic('businessScenario')}
          />
        </div>
      </div>
    );
  };

  const registrationStep = () => {
    const r: InstitutionRegistration = registration;
    const k = (key: keyof InstitutionRegistration) => field('registration', key);
    return (
      <div className="kyc-grid">
        <KycText
          {...k('registrationNumber')}
          value={r.registrationNumber}
          onChange={setReg('registrationNumber')}
        />
        <KycText
          {...k('registrationDate')}
          type="date"
          min={PAST_MIN}
          max={today}
          value={r.registrationDate}
          onChange={setReg('registrationDate')}
        />
        <CountrySelect
          {...k('registrationCountry')}
          hint={t('kyc.refusedHint')}
          value={r.registrationCountry}
          onChange={setReg('registrationCountry')}
        />
        <KycText
          {...k('registrationState')}
          value={r.registrationState}
          onChange={setReg('registrationState')}
        />
        <KycText
          {...k('registrationCity')}
          value={r.registrationCity}
          onChange={setReg('registrationCity')}
        />
        <KycText
          {...k('registrationAddress1')}
          value={r.registrationAddress1}
          onChange={setReg('registrationAddress1')}
        />
        <KycText
          {...k('registrationAddress2')}
          optional
          value={r.registrationAddress2}
          onChange={setReg('registrationAddress2')}
        />
        <div className="kyc-field-group">
          <KycText
            {...k('registrationExpiryDate')}
            type="date"
            min={addDays(today, 1)}
            max={KYC_DATE_MAX}
            disabled={r.registrationPermanent}
            value={r.registrationPermanent ? '' : r.registrationExpiryDate}
            onChange={setReg('registrationExpiryDate')}
          />
          <KycCheck
            name="registration.registrationPermanent"
            label={t('kyc.fields.registrationPermanent')}
            checked={r.registrationPermanent}
            onChange={(v) => {
              setReg('registrationPermanent')(v);
              setErrors((e) => ({ ...e, 'registration.registrationExpiryDate': undefined }));
            }}
          />
        </div>
      </div>
    );
  };

  const operationStep = () => {
    const o: InstitutionOperation = operation;
    const k = (key: keyof InstitutionOperation) => field('operation', key);
    return (
      <div className="kyc-grid">
        <div className="kyc-grid__wide">
          <KycTextArea
            {...k('mainBusinessScope')}
            value={o.mainBusinessScope}
            onChange={setOp('mainBusinessScope')}
          />
        </div>
        <KycText
          {...k('operationState')}
          value={o.operationState}
          onChange={setOp('operationState')}
        />
        <KycText
          {...k('operationCity')}
          value={o.operationCity}
          onChange={setOp('operationCity')}
        />
        <KycText
          {...k('operationAddress')}
          value={o.operationAddress}
          onChange={setOp('operationAddress')}
        />
        <KycText
          {...k('operationAddress2')}
          optional
          value={o.operationAddress2}
          onChange={setOp('operationAddress2')}
        />
        <KycText
          {...k('operationPostalCode')}
          value={o.operationPostalCode}
          onChange={setOp('operationPostalCode')}
        />
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
            place={KycFilePlace.COMPANY_DOCUMENT}
            name={`documents.${type}`}
            label={`${t(`kyc.documents.${type}`)}${isRequiredDocument(type, basic.isFinancialInstitution) ? '' : ` (${t('kyc.optional')})`}`}
            files={documents[type] ?? []}
            onChange={(files) => {
              setAdv((a) => ({ ...a, documents: { ...a.documents, [type]: files } }));
              setErrors((e) => ({ ...e, [`documents.${type}`]: undefined }));
            }}
            error={errors[`documents.${type}`]}
          />
        ))}
      </div>
    </>
  );

  const setHolder = (i: number, change: Partial<Shareholder>) => {
    setAdv((a) => ({
      ...a,
      shareholders: a.shareholders.map((s, j) => (j === i ? { ...s, ...change } : s)),
    }));
    const key = Object.keys(change)[0] ?? '';
    setErrors((e) => ({ ...e, [`shareholders.${i}.${key}`]: undefined, shareholders: undefined }));
  };

  const shareholdersStep = () => (
    <>
      <p className="muted">{t('kyc.institution.shareholderRule')}</p>
      {shareholders.map((s, i) => (
        <fieldset key={i} className="kyc-shareholder">
          <legend>{t('kyc.institution.shareholder', { n: i + 1 })}</legend>
          <div className="kyc-grid">
            <KycText
              name={`shareholders.${i}.name`}
              label={t('kyc.fields.name')}
              error={errors[`shareholders.${i}.name`]}
              value={s.name}
              onChange={(v) => setHolder(i, { name: v })}
            />
            <KycText
              name={`shareholders.${i}.ownershipPercent`}
              label={t('kyc.fields.ownershipPercent')}
              inputMode="decimal"
              error={errors[`shareholders.${i}.ownershipPercent`]}
              value={s.ownershipPercent}
              onChange={(v) => setHolder(i, { ownershipPercent: v.replace(',', '.') })}
            />
          </div>
          {(needsShareholderId(s) || s.idFiles.length > 0) && (
            <UploadField
              place={KycFilePlace.SHAREHOLDER_ID}
              name={`shareholders.${i}.idFiles`}
              label={t('kyc.fields.idFiles')}
              files={s.idFiles}
              onChange={(files) => setHolder(i, { idFiles: files })}
              error={errors[`shareholders.${i}.idFiles`]}
            />
          )}
          {shareholders.length > 1 && (
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                setAdv((a) => ({ ...a, shareholders: a.shareholders.filter((_, j) => j !== i) }))
              }
            >
              {t('kyc.institution.removeShareholder')}
            </button>
          )}
        </fieldset>
      ))}
      {errors.shareholders && (
        <p className="field__error" role="alert">
          {errorOf(errors.shareholders, 'shareholders')}
        </p>
      )}
      <button
        type="button"
        className="button"
        onClick={() =>
          setAdv((a) => ({ ...a, shareholders: [...a.shareholders, emptyShareholder()] }))
        }
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
      <StepProgress
        steps={INSTITUTION_FORM_STEPS.map((s) => t(`kyc.institution.steps.${s}`))}
        current={step}
      />
      <form
        onSubmit={onSubmit}
        noValidate
        className="kyc-form"
        aria-label={t(`kyc.institution.steps.${current}`)}
      >
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
            {submit.isPending
              ? t('common.loading')
              : step < INSTITUTION_FORM_STEPS.length - 1
                ? t('kyc.next')
                : t('kyc.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
