import { useTranslation } from 'react-i18next';

/** One agreement's text in the reader's language: numbered clauses under its title. */
export function AgreementText({
  kind,
  version,
}: {
  kind: 'TRUST' | 'FUND_TRANSFER';
  version: string;
}) {
  const { t } = useTranslation();
  const key = kind === 'TRUST' ? 'trust' : 'fundTransfer';
  const clauses = t(`fiat.agreements.${key}.clauses`, { returnObjects: true }) as unknown;
  const list =
    clauses && typeof clauses === 'object' ? Object.values(clauses as Record<string, string>) : [];
  return (
    <article className="fiat-agreement" data-testid={`agreement-${kind}`}>
      <h3>{t(`fiat.agreements.${key}.title`)}</h3>
      <p className="muted">{t('fiat.agreements.version', { version })}</p>
      <ol>
        {list.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </article>
  );
}
