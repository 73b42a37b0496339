import { EntityType, type EntityType as Entity } from '@exchange/contracts';
import { ErrorCode } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { legalPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCurrentAgreements } from '../../../lib/legal';
import { PasswordField, TextField } from '../../../components/form';
import { useRegister } from '../api/session';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { EmailCodeField } from './email-code-field';
import { PasswordRules } from './password-rules';
import { useCodePasswordForm } from '../hooks/use-code-password-form';

export function RegisterForm() {
  const { t, i18n } = useTranslation();
  const register = useRegister();
  const agreements = useCurrentAgreements(i18n.language);
  const inForce = agreements.data ?? [];
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const complete = useCompleteLogin();
  const [entityType, setEntityType] = useState<Entity>(EntityType.INDIVIDUAL);
  const {
    email,
    setEmail,
    code,
    setCode,
    password,
    setPassword,
    confirm,
    setConfirm,
    errors,
    checkEmail,
    validate,
    showServerError,
  } = useCodePasswordForm();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const fields = validate();
    const needAgreement = inForce.length > 0 && !agreed;
    setAgreeError(needAgreement ? t('auth.agreementsRequired') : null);
    if (!fields || needAgreement) return;
    register.mutate(
      {
        ...fields,
        entityType,
        acceptedAgreements: inForce.map(({ slug, version }) => ({ slug, version })),
      },
      {
        onSuccess: (answer) => complete(answer, { registered: true }),
        onError: (err) => {
          showServerError(err);
          // New terms were published while the form was open: show them, and ask again.
          if (err instanceof ApiError && err.code === String(ErrorCode.AGREEMENTS_CHANGED.code)) {
            setAgreed(false);
            setAgreeError(t('auth.agreementsChanged'));
            void agreements.refetch();
          }
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="segmented">
        <legend className="field__label">{t('auth.entityType')}</legend>
        {([EntityType.INDIVIDUAL, EntityType.INSTITUTION] as const).map((type) => (
          <label
            key={type}
            className={`segmented__option${entityType === type ? ' segmented__option--on' : ''}`}
          >
            <input
              type="radio"
              name="entityType"
              value={type}
              checked={entityType === type}
              onChange={() => setEntityType(type)}
            />
            {type === EntityType.INDIVIDUAL ? t('auth.individual') : t('auth.institution')}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <EmailCodeField
        kind="register"
        email={email}
        value={code}
        onChange={setCode}
        error={errors.code ?? null}
        validateEmail={checkEmail}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <PasswordRules password={password} confirm={confirm} email={email} />
      {inForce.length > 0 && (
        <div className="field">
          <label className="legal-check">
            <input
              type="checkbox"
              name="agreements"
              checked={agreed}
              aria-invalid={agreeError !== null}
              aria-describedby={agreeError ? 'agreements-error' : undefined}
              onChange={(e) => {
                setAgreed(e.target.checked);
                if (e.target.checked) setAgreeError(null);
              }}
            />
            <span>
              <Trans
                i18nKey="auth.agreements"
                values={{
                  terms: titleOf(inForce, 'service-terms'),
                  privacy: titleOf(inForce, 'privacy-policy'),
                }}
                components={[
                  <Link
                    key="terms"
                    to={legalPath('service-terms')}
                    target="_blank"
                    rel="noopener"
                  />,
                  <Link
                    key="privacy"
                    to={legalPath('privacy-policy')}
                    target="_blank"
                    rel="noopener"
                  />,
                ]}
              />
            </span>
          </label>
          {agreeError && (
            <p className="field__error" id="agreements-error" role="alert">
              {agreeError}
            </p>
          )}
        </div>
      )}
      <button
        type="submit"
        className="button button--primary button--block button--large"
        disabled={register.isPending}
      >
        {register.isPending ? t('common.loading') : t('auth.registerAction')}
      </button>
    </form>
  );
}

function titleOf(list: readonly { slug: string; title: string }[], slug: string): string {
  return list.find((a) => a.slug === slug)?.title ?? slug;
}
