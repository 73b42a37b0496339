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
  GENDERS,
  ID_TYPES,
  TITLES,
  emptyAdvanced,
  emptyBasic,
  fromIndividualDraft,
  toAdvancedDraft,
  toBasicDraft,
  toIndividualDraft,
  validateAdvanced,
  validateBasic,
  type Address,
  type IndividualAdvanced,
  type IndividualBasic,
} from '../lib/individual';
import { addDays, addYears, hasErrors, isoToday, serverErrors, type Errors } from '../lib/rules';
import { CountrySelect, KycCheck, KycSelect, KycText, StepProgress } from './fields';
import { UploadField } from './upload-field';

type IndividualDraftState = Draft<IndividualBasic, IndividualAdvanced>;
const empty = (): IndividualDraftState => ({
  step: 0,
  basicInfo: emptyBasic(),
  advancedInfo: emptyAdvanced(),
});
const convert = {
  toServer: (d: IndividualDraftState) => toIndividualDraft(d.basicInfo, d.advancedInfo),
  fromServer: fromIndividualDraft,
};

/** Basic, then advanced verification of an individual; each change is kept as a draft. */
export function IndividualForm({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft, update } = useKycDraft(owner, 'individual', empty, convert);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitKycStep();
  const today = isoToday();
  const b = draft.basicInfo;
  const a = draft.advancedInfo;
  const step = draft.step === 1 ? 1 : 0;

  const clear = (key: string) => setErrors((e) => ({ ...e, [key]: undefined }));
  const setB =
    <K extends keyof IndividualBasic>(key: K) =>
    (value: IndividualBasic[K]) => {
      update((d) => ({ ...d, basicInfo: { ...d.basicInfo, [key]: value } }));
      clear(key);
    };
  const setA =
    <K extends keyof IndividualAdvanced>(key: K) =>
    (value: IndividualAdvanced[K]) => {
      update((d) => ({ ...d, advancedInfo: { ...d.advancedInfo, [key]: value } }));
      clear(key);
    };
  const setAddr =
    (which: 'livingAddress' | 'mailingAddress', key: keyof Address) => (value: string) => {
      update((d) => ({
        ...d,
        basicInfo: { ...d.basicInfo, [which]: { ...d.basicInfo[which], [key]: value } },
      }));
      clear(`${which}.${key}`);
    };
  const goTo = (n: number) => {
    update((d) => ({ ...d, step: n }));
    window.scrollTo?.({ top: 0 });
  };
  const onFailure = (err: unknown) => {
    const fields = serverErrors(err, (f) => f.replace(/FileIds$/, ''));
    if (fields) setErrors(fields);
    setFormError(err instanceof ApiError ? errorText(err, t) : t('common.unexpectedError'));
  };

  const next = (e: FormEvent) => {
    e.preventDefault();
    const found = validateBasic(b, today);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    submit.mutate(
      { endpoint: KYC_ENDPOINTS.individualBasic, body: toBasicDraft(b) },
      { onSuccess: () => goTo(1), onError: onFailure },
    );
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAdvanced(a, today);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    // The page shows the review's state once the application is under review, which unmounts
    // this form: mutate's own callbacks would not run, so the promise carries on.
    submit
      .mutateAsync({ endpoint: KYC_ENDPOINTS.individualAdvanced, body: toAdvancedDraft(a) })
      .then(() => {
        clearLocalDraft();
        void navigate(PATHS.identity);
      })
      .catch(onFailure);
  };

  const f = (key: string) => ({
    name: key,
    label: t(`kyc.fields.${key}` as 'kyc.fields.title'),
    error: errors[key],
  });
  const options = (list: readonly string[], group: 'titles' | 'genders' | 'idTypes') =>
    list.map((v) => ({ value: v, label: t(`kyc.${group}.${v}` as 'kyc.titles.MR') }));
  const passport = a.idType === 'PASSPORT';

  const address = (which: 'livingAddress' | 'mailingAddress') => {
    const v = b[which];
    const g = (key: keyof Address) => ({
      name: `${which}.${key}`,
      label: t(`kyc.address.${key}`),
      error: errors[`${which}.${key}`],
    });
    return (
      <div className="kyc-grid">
        <CountrySelect
          {...g('country')}
          hint={which === 'livingAddress' ? t('kyc.refusedHint') : undefined}
          value={v.country}
          onChange={setAddr(which, 'country')}
        />
        <KycText {...g('state')} value={v.state} onChange={setAddr(which, 'state')} />
        <KycText {...g('city')} value={v.city} onChange={setAddr(which, 'city')} />
        <KycText {...g('code')} value={v.code} onChange={setAddr(which, 'code')} />
        <KycText {...g('address1')} value={v.address1} onChange={setAddr(which, 'address1')} />
        <KycText
          {...g('address2')}
          optional
          value={v.address2}
          onChange={setAddr(which, 'address2')}
        />
      </div>
    );
  };

  const error = formError && (
    <p className="field__error kyc-form__error" role="alert">
      {formError}
    </p>
  );

  return (
    <section className="kyc-page panel" aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kyc.individual.title')}</h1>
      <p className="muted">{t('kyc.individual.intro')}</p>
      <StepProgress
        steps={[t('kyc.individual.basic'), t('kyc.individual.advanced')]}
        current={step}
      />
      {step === 0 ? (
        <form
          onSubmit={next}
          noValidate
          className="kyc-form"
          aria-label={t('kyc.individual.basic')}
        >
          <div className="kyc-grid">
            <KycSelect
              {...f('title')}
              value={b.title}
              onChange={setB('title')}
              options={options(TITLES, 'titles')}
            />
            <KycText {...f('firstName')} value={b.firstName} onChange={setB('firstName')} />
            <KycText
              {...f('middleName')}
              optional
              value={b.middleName}
              onChange={setB('middleName')}
            />
            <KycText {...f('lastName')} value={b.lastName} onChange={setB('lastName')} />
            <KycSelect
              {...f('gender')}
              value={b.gender}
              onChange={setB('gender')}
              options={options(GENDERS, 'genders')}
            />
            <KycText
              {...f('birthDate')}
              type="date"
              min={addYears(today, -100)}
              max={addYears(today, -18)}
              value={b.birthDate}
              onChange={setB('birthDate')}
            />
            <CountrySelect
              {...f('nationality')}
              value={b.nationality}
              onChange={setB('nationality')}
            />
            <CountrySelect
              {...f('country')}
              hint={t('kyc.refusedHint')}
              value={b.country}
              onChange={setB('country')}
            />
            <KycText
              {...f('phoneAreaCode')}
              inputMode="tel"
              value={b.phoneAreaCode}
              onChange={setB('phoneAreaCode')}
            />
            <KycText
              {...f('phoneNumber')}
              inputMode="tel"
              value={b.phoneNumber}
              onChange={setB('phoneNumber')}
            />
          </div>
          <h2>{t('kyc.individual.livingAddress')}</h2>
          {address('livingAddress')}
          <KycCheck
            name="mailingSameAsLiving"
            label={t('kyc.fields.mailingSameAsLiving')}
            checked={b.mailingSameAsLiving}
            onChange={setB('mailingSameAsLiving')}
          />
          {!b.mailingSameAsLiving && (
            <>
              <h2>{t('kyc.individual.mailingAddress')}</h2>
              {address('mailingAddress')}
            </>
          )}
          {error}
          <div className="kyc-actions">
            <button type="submit" className="button button--primary" disabled={submit.isPending}>
              {submit.isPending ? t('common.loading') : t('kyc.next')}
            </button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={send}
          noValidate
          className="kyc-form"
          aria-label={t('kyc.individual.advanced')}
        >
          <div className="kyc-grid">
            <KycSelect
              {...f('idType')}
              value={a.idType}
              onChange={setA('idType')}
              options={options(ID_TYPES, 'idTypes')}
            />
            {passport ? (
              <KycText
                {...f('passportNumber')}
                value={a.passportNumber}
                onChange={setA('passportNumber')}
              />
            ) : (
              <KycText {...f('idNumber')} value={a.idNumber} onChange={setA('idNumber')} />
            )}
            <div className="kyc-field-group">
              <KycText
                {...f('validDate')}
                type="date"
                min={addDays(today, 1)}
                max={KYC_DATE_MAX}
                disabled={a.validLongTerm}
                value={a.validLongTerm ? '' : a.validDate}
                onChange={setA('validDate')}
              />
              <KycCheck
                name="validLongTerm"
                label={t('kyc.fields.validLongTerm')}
                checked={a.validLongTerm}
                onChange={(v) => {
                  setA('validLongTerm')(v);
                  clear('validDate');
                }}
              />
            </div>
          </div>
          <h2>{t('kyc.individual.documents')}</h2>
          <p className="muted">{t('kyc.individual.photoRules')}</p>
          <div className="kyc-uploads">
            <UploadField
              place={KycFilePlace.ADDRESS_PROOF}
              name="addressProof"
              label={t('kyc.fields.addressProof')}
              files={a.addressProof}
              onChange={setA('addressProof')}
              error={errors.addressProof}
            />
            <UploadField
              place={KycFilePlace.ID_IMAGE}
              name="idFront"
              label={t(passport ? 'kyc.fields.passportPage' : 'kyc.fields.idFront')}
              files={a.idFront}
              onChange={setA('idFront')}
              error={errors.idFront}
            />
            {!passport && (
              <UploadField
                place={KycFilePlace.ID_IMAGE}
                name="idBack"
                label={t('kyc.fields.idBack')}
                files={a.idBack}
                onChange={setA('idBack')}
                error={errors.idBack}
              />
            )}
            <UploadField
              place={KycFilePlace.ID_IMAGE}
              name="holdingId"
              label={t('kyc.fields.holdingId')}
              files={a.holdingId}
              onChange={setA('holdingId')}
              error={errors.holdingId}
            />
          </div>
          {error}
          <div className="kyc-actions">
            <button type="button" className="button" onClick={() => goTo(0)}>
              {t('common.back')}
            </button>
            <button type="submit" className="button button--primary" disabled={submit.isPending}>
              {submit.isPending ? t('common.loading') : t('kyc.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
