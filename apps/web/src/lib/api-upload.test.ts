import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type Schema } from './api-client';

const files: Schema<{ files: { id: string }[] }> = {
  parse: (input) => {
    const v = input as { files?: { id: string }[] };
    if (!Array.isArray(v.files)) throw new Error('bad');
    return { files: v.files };
  },
};

/** A stand-in for the browser's XMLHttpRequest: records the request, answers what the test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: string } = { status: 200, body: '' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    queueMicrotask(() => this.onload?.());
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiClient.upload', () => {
  it('posts the files as multipart with the usual headers and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 200,
      body: JSON.stringify({ code: '200', message: 'ok', data: { files: [{ id: 'f1' }] } }),
    };
    const client = createApiClient({ csrfToken: () => 'csrf', runtimeMode: () => 0 });
    const progress: number[] = [];
    const answer = await client.upload(
      '/v1/files/upload',
      files,
      [new Blob(['x'], { type: 'image/png' })],
      {
        query: { place: 'KYC_ID_IMAGE' },
        onProgress: (sent, total) => progress.push(sent / total),
      },
    );
    expect(answer.files[0]?.id).toBe('f1');
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/v1/files/upload?place=KYC_ID_IMAGE');
    expect(xhr.headers).toMatchObject({ 'x-csrf-token': 'csrf', 'runtime-mode': '0' });
    expect(xhr.body?.getAll('file')).toHaveLength(1);
    expect(progress).toEqual([0.5, 1]);
  });

  it('turns an error envelope into an ApiError with its code and data', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 400,
      body: JSON.stringify({
        code: '1013',
        message: 'File count limit reached.',
        data: { max: 2 },
      }),
    };
    const onError = vi.fn();
    const client = createApiClient({ onError });
    const failure = await client
      .upload('/v1/files/upload', files, [new Blob(['x'])])
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('1013');
    expect((failure as ApiError).data).toEqual({ max: 2 });
    expect(onError).toHaveBeenCalledOnce();
  });
});
