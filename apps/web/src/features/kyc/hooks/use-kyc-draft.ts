import type { IndividualDraft, InstitutionDraft } from '@exchange/contracts';
import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { saveServerDraft, useServerDraft, type Kind } from '../api/kyc';
import { readLocalDraft, writeLocalDraft } from '../lib/draft-store';

export interface Draft<B, A> {
  step: number;
  basicInfo: B;
  advancedInfo: A;
}

const SERVER_SAVE_DELAY_MS = 800;

/**
 * The form's values, kept as the user goes: every change is written at once to local storage
 * (kycAccountStore) and, a moment later, to the server's draft, so a reload or another device
 * loses nothing. A local draft wins over the server's (it is at least as recent); without one,
 * the server's draft fills the form when it arrives.
 */
export function useKycDraft<B, A>(
  owner: string,
  kind: Kind,
  empty: () => Draft<B, A>,
  convert: {
    /** The contract's draft the server keeps (file ids only). */
    toServer: (d: Draft<B, A>) => IndividualDraft | InstitutionDraft;
    /** The form's values from the server's draft. */
    fromServer: (data: unknown, base: Draft<B, A>) => Draft<B, A>;
  },
) {
  const client = useApiClient();
  const entity = kind === 'individual' ? 'INDIVIDUAL' : 'INSTITUTION';
  const [draft, setDraft] = useState<Draft<B, A>>(
    () => readLocalDraft(owner, entity, empty()) ?? empty(),
  );
  const hadLocal = useRef(readLocalDraft(owner, entity, empty()) !== null);
  const server = useServerDraft(kind);
  const touched = useRef(false);

  useEffect(() => {
    const remote = server.data;
    if (!remote || hadLocal.current || touched.current) return;
    setDraft(convert.fromServer(remote.data, empty()));
  }, [server.data]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!touched.current) return;
    writeLocalDraft({ owner, kind: entity, ...draft });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // A failed save is retried by the next change; the local draft already holds it.
      saveServerDraft(client, kind, convert.toServer(draft)).catch(() => undefined);
    }, SERVER_SAVE_DELAY_MS);
  }, [draft]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const update = (change: (d: Draft<B, A>) => Draft<B, A>) => {
    touched.current = true;
    setDraft(change);
  };
  return { draft, update };
}
