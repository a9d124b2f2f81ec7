/**
 * The catalogue as CSV over the REST routes (a file is not a procedure's JSON input):
 * GET /api/products/export and POST /api/products/import, with the same API token.
 */
import type { ProductImportResult } from '@shop/schema';
import { PRODUCT_CSV_MAX_BYTES, PRODUCT_CSV_MESSAGES } from '@shop/schema';
import { baseUrl, ShopRequestError, type ShopClientOptions } from './shop-client';

async function failure(response: Response): Promise<ShopRequestError> {
  const body = (await response.json().catch(() => null)) as { message?: string; issues?: [] } | null;
  return new ShopRequestError(response.status, body?.message ?? response.statusText, body?.issues ?? []);
}

export async function exportProductsCsv({ url, token }: ShopClientOptions): Promise<string> {
  const response = await fetch(`${baseUrl(url)}/api/products/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await failure(response);
  return response.text();
}

export interface ImportProgress {
  sentBytes: number;
  totalBytes: number;
}

/** Upload chunk size: progress is reported after each. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Uploads a CSV file and answers what the import did. All or nothing: a file with any invalid row
 * throws a ShopRequestError (400) whose issues name each row and field, and nothing is written.
 */
export async function importProductsCsv(
  { url, token }: ShopClientOptions,
  file: Uint8Array,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ProductImportResult> {
  if (file.byteLength > PRODUCT_CSV_MAX_BYTES) throw new ShopRequestError(413, PRODUCT_CSV_MESSAGES.tooLarge);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= file.byteLength) {
        controller.close();
        return;
      }
      const chunk = file.subarray(sent, sent + CHUNK_BYTES);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
      onProgress?.({ sentBytes: sent, totalBytes: file.byteLength });
    },
  });
  const response = await fetch(`${baseUrl(url)}/api/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
    duplex: 'half',
  } as RequestInit);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as ProductImportResult;
}
