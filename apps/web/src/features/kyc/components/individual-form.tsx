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
  GENDERS,
  ID_TYPES,
  TITLES,
  emptyAdvanced,
  emptyBasic,
  mailingAddress,
  validateAdvanced,
  validateBasic,
  type Address,
  type AdvancedField,
  type BasicField,
  type IndividualAdvanced,
  type IndividualBasic,
} from '../lib/individual';
import { birthDateRange, expiryRange, isoDate, type Errors } from '../lib/rules';
import { CountrySelect, KycCheck, KycSelect, KycText, StepProgress } from './fields';
import { UploadField } from './upload-field';

const empty = () => ({ step: 0, basicInfo: emptyBasic(), advancedInfo: emptyAdvanced() });

/** Basic, then advanced verification of an individual; each change is kept as a draft. */
export function IndividualForm({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft, update } = useKycDraft(owner, 'individual', empty);
  const [basicErrors, setBasicErrors] = useState<Errors<BasicField>>({});
  const [advErrors, setAdvErrors] = useState<Errors<AdvancedField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitKyc('individual');
  const today = isoDate(new Date());
  const b = draft.basicInfo;
  const a = draft.advancedInfo;
  const step = draft.step === 1 ? 1 : 0;

  const setB = <K extends BasicField>(key: K) => (value: IndividualBasic[K]) => {
    update((d) => ({ ...d, basicInfo: { ...d.basicInfo, [key]: value } }));
    setBasicErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setA = <K extends keyof IndividualAdvanced>(key: K) => (value: IndividualAdvanced[K]) => {
    update((d) => ({ ...d, advancedInfo: { ...d.advancedInfo, [key]: value } }));
    setAdvErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setAddr = (which: 'living' | 'mailing', key: keyof Address) => (value: string) => {
    update((d) => ({
      ...d,
      advancedInfo: { ...d.advancedInfo, [which]: { ...d.advancedInfo[which], [key]: value } },
    }));
    setAdvErrors((e) => ({ ...e, [`${which}.${key}`]: undefined }));
  };
  const goTo = (n: number) => {
    update((d) => ({ ...d, step: n }));
    window.scrollTo?.({ top: 0 });
  };

  const next = (e: FormEvent) => {
    e.preventDefault();
    const errors = validateBasic(b, today);
    setBasicErrors(errors);
    if (Object.keys(errors).length === 0) goTo(1);
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    const errors = validateAdvanced(a, b.idType);
    setAdvErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    const basicErrs = validateBasic(b, today);
    if (Object.keys(basicErrs).length > 0) {
      setBasicErrors(basicErrs);
      goTo(0);
      return;
    }
    submit.mutate(
      {
        basicInfo: { ...b, validDate: b.longTerm ? null : b.validDate },
        advancedInfo: {
          living: a.living,
          mailingSameAsLiving: a.mailingSameAsLiving,
          mailing: mailingAddress(a),
          addressProof: a.addressProof.map((f) => f.id),
          idFront: a.idFront.map((f) => f.id),
          idBack: a.idBack.map((f) => f.id),
          idHolding: a.idHolding.map((f) => f.id),
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

  const f = (key: BasicField) => ({ name: key, label: t(`kyc.fields.${key}`), error: basicErrors[key] });
  const options = (list: readonly string[], group: 'titles' | 'genders' | 'idTypes') =>
    list.map((v) => ({ value: v, label: t(`kyc.${group}.${v}` as 'kyc.titles.MR') }));
  const birth = birthDateRange(today);
  const expiry = expiryRange(today);

  const address = (which: 'living' | 'mailing') => {
    const v = a[which];
    const g = (key: keyof Address) => ({
      name: `${which}.${key}`,
      label: t(`kyc.address.${key}`),
      error: advErrors[`${which}.${key}`],
    });
    return (
      <div className="kyc-grid">
        <CountrySelect {...g('country')} value={v.country} onChange={setAddr(which, 'country')} />
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

  return (
    <section className="kyc-page panel" aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kyc.individual.title')}</h1>
      <p className="muted">{t('kyc.individual.intro')}</p>
      <StepProgress steps={[t('kyc.individual.basic'), t('kyc.individual.advanced')]} current={step} />
      {step === 0 ? (
        <form onSubmit={next} noValidate className="kyc-form" aria-label={t('kyc.individual.basic')}>
          <div className="kyc-grid">
            <KycSelect {...f('title')} value={b.title} onChange={setB('title')} options={options(TITLES, 'titles')} />
            <KycText {...f('firstName')} value={b.firstName} onChange={setB('firstName')} />
            <KycText {...f('middleName')} optional value={b.middleName} onChange={setB('middleName')} />
            <KycText {...f('lastName')} value={b.lastName} onChange={setB('lastName')} />
            <KycSelect {...f('gender')} value={b.gender} onChange={setB('gender')} options={options(GENDERS, 'genders')} />
            <KycText
              {...f('birthDate')}
              type="date"
              min={birth.min}
              max={birth.max}
              value={b.birthDate}
              onChange={setB('birthDate')}
            />
            <CountrySelect {...f('nationality')} value={b.nationality} onChange={setB('nationality')} />
            <CountrySelect
              {...f('country')}
              hint={t('kyc.refusedHint')}
              value={b.country}
              onChange={setB('country')}
            />
            <KycText {...f('phoneAreaCode')} inputMode="tel" value={b.phoneAreaCode} onChange={setB('phoneAreaCode')} />
            <KycText {...f('phoneNumber')} inputMode="tel" value={b.phoneNumber} onChange={setB('phoneNumber')} />
            <KycSelect {...f('idType')} value={b.idType} onChange={setB('idType')} options={options(ID_TYPES, 'idTypes')} />
            {b.idType === 'PASSPORT' ? (
              <KycText {...f('passportNum')} value={b.passportNum} onChange={setB('passportNum')} />
            ) : (
              <KycText {...f('idNum')} value={b.idNum} onChange={setB('idNum')} />
            )}
            <div className="kyc-field-group">
              <KycText
                {...f('validDate')}
                type="date"
                min={expiry.min}
                max={expiry.max}
                disabled={b.longTerm}
                value={b.longTerm ? '' : b.validDate}
                onChange={setB('validDate')}
              />
              <KycCheck name="longTerm" label={t('kyc.fields.longTerm')} checked={b.longTerm} onChange={setB('longTerm')} />
            </div>
          </div>
          <div className="kyc-actions">
            <button type="submit" className="button button--primary">
              {t('kyc.next')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={send} noValidate className="kyc-form" aria-label={t('kyc.individual.advanced')}>
          <h2>{t('kyc.individual.livingAddress')}</h2>
          {address('living')}
          <KycCheck
            name="mailingSameAsLiving"
            label={t('kyc.fields.mailingSameAsLiving')}
            checked={a.mailingSameAsLiving}
            onChange={setA('mailingSameAsLiving')}
          />
          {!a.mailingSameAsLiving && (
            <>
              <h2>{t('kyc.individual.mailingAddress')}</h2>
              {address('mailing')}
            </>
          )}
          <h2>{t('kyc.individual.documents')}</h2>
          <p className="muted">{t('kyc.individual.photoRules')}</p>
          <div className="kyc-uploads">
            <UploadField
              place={UploadPlace.KYC_ADDRESS_PROOF}
              name="addressProof"
              label={t('kyc.fields.addressProof')}
              files={a.addressProof}
              onChange={setA('addressProof')}
              error={advErrors.addressProof}
            />
            <UploadField
              place={UploadPlace.KYC_ID_IMAGE}
              name="idFront"
              label={t(b.idType === 'PASSPORT' ? 'kyc.fields.passportPage' : 'kyc.fields.idFront')}
              files={a.idFront}
              onChange={setA('idFront')}
              error={advErrors.idFront}
            />
            {b.idType !== 'PASSPORT' && (
              <UploadField
                place={UploadPlace.KYC_ID_IMAGE}
                name="idBack"
                label={t('kyc.fields.idBack')}
                files={a.idBack}
                onChange={setA('idBack')}
                error={advErrors.idBack}
              />
            )}
            <UploadField
              place={UploadPlace.KYC_ID_IMAGE}
              name="idHolding"
              label={t('kyc.fields.idHolding')}
              files={a.idHolding}
              onChange={setA('idHolding')}
              error={advErrors.idHolding}
            />
          </div>
          {formError && (
            <p className="field__error kyc-form__error" role="alert">
              {formError}
            </p>
          )}
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
