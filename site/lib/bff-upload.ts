/**
 * `uploadToBff`: a multipart body sent to the BFF with its upload progress (`fetch` cannot
 * tell: it has no upload progress). Apart from `bff-browser.ts` because only a send with files
 * needs it: the forms load it with their send, so no page carries it on load.
 */
import type { AnswerFor, ContractName, RequestFor } from '#shared/contract/contract.ts';
import { requestPath } from '#shared/contract/path.ts';
import { answerOf, networkFailure, requestHeaders, type BffResponse } from './bff-browser.ts';

/** How much of an upload's body has left the browser. */
export interface UploadProgress {
  sent: number;
  total: number;
}

interface BffUploadOptions {
  /** Cancels the upload (the answer is then a network failure, as with `callBff`). */
  signal?: AbortSignal;
  /** Called as the body goes out, and once more when all of it has gone. */
  onProgress?: (progress: UploadProgress) => void;
}

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * POSTs a multipart body and reports its upload progress: the same headers, cookies and
 * answer reading as `callBff`, through XMLHttpRequest, the one browser API that tells how
 * much of a request body has been sent.
 */
function bffUpload<T>(path: string, body: FormData, options: BffUploadOptions = {}): Promise<BffResponse<T>> {
  const { signal, onProgress } = options;
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(networkFailure());
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open('POST', `/bff${path}`);
    for (const [name, value] of Object.entries(requestHeaders('POST', body))) request.setRequestHeader(name, value);
    // Listened to before send(): a browser only reports upload progress to listeners present then.
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total });
    });
    request.upload.addEventListener('load', (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.total, total: event.total });
    });
    request.addEventListener('load', () => resolve(answerOf<T>(request.status, parsedJson(request.responseText))));
    for (const failure of ['error', 'abort', 'timeout'] as const) {
      request.addEventListener(failure, () => resolve(networkFailure()));
    }
    request.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    signal?.addEventListener('abort', abort, { once: true });
    request.send(body);
  });
}

/** Sends an endpoint's multipart body with upload progress (`bffUpload`), by its contract name. */
export function uploadToBff<N extends ContractName>(
  name: N,
  request: NonNullable<RequestFor<N>> & { body: FormData },
  options?: BffUploadOptions,
): Promise<BffResponse<AnswerFor<N>>> {
  return bffUpload<AnswerFor<N>>(requestPath(name, request), request.body, options);
}
