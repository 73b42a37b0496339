import { EntityType, type EntityType as Entity } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/form';
import { useRegister } from '../api/session';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { EmailCodeField } from './email-code-field';
import { PasswordRules } from './password-rules';
import { useCodePasswordForm } from '../hooks/use-code-password-form';

export function RegisterForm() {
  const { t } = useTranslation();
  const register = useRegister();
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
    if (!fields) return;
    register.mutate(
      { ...fields, entityType },
      {
        onSuccess: (answer) => complete(answer, { registered: true }),
        onError: showServerError,
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
