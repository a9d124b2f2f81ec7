/**
 * POST /api/products/import with upload progress. fetch() cannot report how much of a body has
 * been sent, XMLHttpRequest can; the session cookie goes along as with any same-origin request.
 */
import type { ErrorIssue, ProductImportResult } from '@shop/schema';

export interface UploadProgress {
  /** 0–100 while sending; null once sent and the server is importing. */
  percent: number | null;
}

export class ImportFailed extends Error {
  constructor(
    message: string,
    readonly issues: ErrorIssue[] = [],
  ) {
    super(message);
  }
}

export function uploadProductsCsv(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  options: { createCategories?: boolean } = {},
): Promise<ProductImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/products/import${options.createCategories ? '?createCategories=true' : ''}`);
    request.setRequestHeader('content-type', 'text/csv');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ percent: Math.round((event.loaded / event.total) * 100) });
    };
    request.upload.onload = () => onProgress({ percent: null });
    request.onload = () => {
      const body = request.response as
        (ProductImportResult & { message?: string; issues?: ErrorIssue[] }) | null;
      if (request.status === 200 && body) resolve(body);
      else
        reject(
          new ImportFailed(body?.message ?? `The import failed (${request.status})`, body?.issues ?? []),
        );
    };
    request.onerror = () =>
      reject(new ImportFailed('The shop could not be reached. Check your connection and try again.'));
    request.send(file);
  });
}
