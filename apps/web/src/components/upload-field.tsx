import type { FilePlace as UploadPlace } from '@exchange/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { useApiClient } from '../lib/api-context';
import { errorText } from '../lib/error-text';
import { fileProblem, placeRule, typesLabel, type UploadedFile } from '../lib/files';
import { uploadFile } from '../lib/uploads';
import '../styles/upload.css';

interface Sending {
  key: number;
  name: string;
  share: number;
}

/** Previews of the files chosen on this page (the stored ones show their name). */
const previews = new Map<string, string>();

/**
 * Uploads to a place with a progress bar per file and a preview of each image. Files are checked
 * against the place's rules before they are sent; the stored files are the field's value. `error`
 * is the field's message, already in the page's language.
 */
export function UploadField({
  place,
  label,
  name,
  files,
  onChange,
  error,
  hint,
}: {
  place: UploadPlace;
  label: string;
  name: string;
  files: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  error?: string | null | undefined;
  hint?: string;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(files);
  latest.current = files;
  const counter = useRef(0);
  const rule = placeRule(place);
  const full = files.length + sending.length >= rule.maxFiles;

  useEffect(() => () => setSending([]), []);

  const send = (file: File) => {
    const found = fileProblem(place, file, latest.current.length + sending.length);
    if (found) {
      setProblem(t(`kyc.errors.${found.key}`, found.params));
      return;
    }
    setProblem(null);
    counter.current += 1;
    const key = counter.current;
    setSending((s) => [...s, { key, name: file.name, share: 0 }]);
    uploadFile(client, place, file, {
      onProgress: (share) => setSending((s) => s.map((x) => (x.key === key ? { ...x, share } : x))),
    })
      .then((stored) => {
        if (file.type.startsWith('image/') && typeof URL.createObjectURL === 'function') {
          previews.set(stored.id, URL.createObjectURL(file));
        }
        onChange([...latest.current, stored]);
      })
      .catch((err: unknown) => {
        setProblem(err instanceof ApiError ? errorText(err, t) : t('common.unexpectedError'));
      })
      .finally(() => setSending((s) => s.filter((x) => x.key !== key)));
  };

  const remove = (fileId: string) => {
    const url = previews.get(fileId);
    if (url) URL.revokeObjectURL(url);
    previews.delete(fileId);
    onChange(files.filter((f) => f.id !== fileId));
  };

  const message = problem ?? error ?? null;
  const types = typesLabel(place);
  return (
    <div className={`field kyc-upload${message ? ' field--error' : ''}`} data-place={place}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="kyc-upload__list">
        {files.map((f) => (
          <figure key={f.id} className="kyc-upload__item">
            {previews.has(f.id) ? (
              <img src={previews.get(f.id)} alt={t('kyc.upload.preview', { name: f.name })} />
            ) : (
              <span className="kyc-upload__doc" aria-hidden="true">
                {f.mime === 'application/pdf' ? 'PDF' : 'IMG'}
              </span>
            )}
            <figcaption title={f.name}>{f.name}</figcaption>
            <button
              type="button"
              className="kyc-upload__remove"
              onClick={() => remove(f.id)}
              aria-label={t('kyc.upload.remove', { name: f.name })}
            >
              ×
            </button>
          </figure>
        ))}
        {sending.map((s) => (
          <div key={s.key} className="kyc-upload__item kyc-upload__item--sending">
            <progress
              max={1}
              value={s.share}
              aria-label={t('kyc.upload.progress', { name: s.name })}
            />
            <span className="kyc-upload__share num">{Math.round(s.share * 100)}%</span>
            <span className="kyc-upload__name" title={s.name}>
              {s.name}
            </span>
          </div>
        ))}
        {!full && (
          <button
            type="button"
            className="kyc-upload__add"
            onClick={() => input.current?.click()}
            aria-describedby={`${id}-hint`}
          >
            <span aria-hidden="true">+</span>
            <span>{t('kyc.upload.add')}</span>
          </button>
        )}
      </div>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        accept={rule.mimes.join(',')}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          chosen.forEach(send);
        }}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint ? `${hint} ` : ''}
        {t('kyc.upload.rules', {
          types,
          size: `${rule.maxBytes / 1024 / 1024} MB`,
          max: rule.maxFiles,
        })}
      </p>
      {message && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
