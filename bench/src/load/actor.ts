/**
 * One browser of the load test: its own cookie jar, signed in through the real development
 * provider (the api's own test helper, so the flow is the one the e2e and integration tests use),
 * and every request it makes counted and judged by the Recorder:
 * - 2xx, or a status the caller names as expected (409 for stock, prices, status races) → fine;
 * - ≥ 500, a 401 (every actor is signed in), a 429 (every actor stays under the limits), any other
 *   4xx, a network error or a timeout → a failure.
 */
import { CookieJar } from '../../../apps/api/src/test/cookie-jar';
import { send, signIn } from '../../../apps/api/src/test/sign-in';
import { REQUEST_TIMEOUT_MS, SIGN_IN_TIMEOUT_MS } from './config';
import type { Recorder } from './recorder';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

interface TrpcItem {
  result?: { data: unknown };
  error?: { message?: string; data?: { code?: string; httpStatus?: number } };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function failureKind(status: number): string {
  if (status >= 500) return '5xx';
  if (status === 401) return 'unexpected 401';
  if (status === 429) return '429 (a rate limit the test keeps under)';
  return `unexpected ${status}`;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

export class Actor {
  readonly jar = new CookieJar();
  userId: string | null = null;
  email: string | null = null;
  /**
   * No request starts after this moment (the run's deadline): requests already under way finish
   * (within REQUEST_TIMEOUT_MS), so a server that stopped answering cannot stretch the run.
   */
  stopAt = Infinity;

  constructor(
    readonly name: string,
    readonly baseUrl: string,
    readonly recorder: Recorder,
  ) {}

  /**
   * Signs in through the development provider; false (and a failure) when it fails. Its ≈6 requests
   * are the helper's own: counted as one sign-in, not in the statuses.
   */
  async signIn(email: string): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      // The helper's requests take no signal: give up waiting for them instead.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${SIGN_IN_TIMEOUT_MS / 1000} s`)),
          SIGN_IN_TIMEOUT_MS,
        );
      });
      const signedIn = await Promise.race([signIn(this.baseUrl, email, { jar: this.jar }), timeout]);
      this.userId = signedIn.user.id;
      this.email = email;
      this.recorder.count('sign-ins');
      return true;
    } catch (error) {
      const message = (error as Error).message;
      // Signed in, then not known (the helper's check of /api/auth/user): a lost session.
      const kind = / → 401\)/.test(message) ? 'unexpected 401' : 'sign-in failed';
      this.recorder.fail(kind, `${this.name} signing in as ${email}: ${message}`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One request. `route` names it in the samples ('GET /api/orders/:id'); `allow` lists the non-2xx
   * statuses that are a right answer here. Returns null when there was no answer (already a failure)
   * or the run is over.
   */
  async request<T = unknown>(
    route: string,
    path: string,
    options: { method?: string; body?: unknown; allow?: number[]; headers?: Record<string, string> } = {},
  ): Promise<Answer<T> | null> {
    if (Date.now() >= this.stopAt) return null;
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { ...options.headers };
    if (WRITE_METHODS.has(method)) {
      // What a browser's fetch sends on a same-origin write; the request guard checks both.
      headers.origin = this.baseUrl;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
    }
    const started = Date.now();
    let response: Response;
    let text: string;
    try {
      response = await send(this.baseUrl, this.jar, path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      this.recorder.answered('network error', Date.now() - started);
      this.recorder.fail(
        'network error or timeout',
        `${this.name} ${method} ${path}: ${(error as Error).message}`,
      );
      return null;
    }
    this.recorder.answered(response.status, Date.now() - started);
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        this.recorder.fail('unreadable JSON', `${this.name} ${method} ${path} → ${response.status}: ${text}`);
      }
    }
    const { status } = response;
    if (status >= 200 && status < 300) return { status, body: body as T };
    if (options.allow?.includes(status)) {
      const reason = refusalReason(body);
      this.recorder.expect(`${status} ${route}${reason ? ` (${reason})` : ''}`);
      return { status, body: body as T };
    }
    this.recorder.fail(failureKind(status), `${this.name} ${method} ${path} → ${status}: ${text}`);
    return { status, body: body as T };
  }

  /** A tRPC query over GET (as the web's client sends it); the data, or null after a failure. */
  async query<T>(procedure: string, input?: unknown): Promise<T | null> {
    const path = `/trpc/${procedure}${input === undefined ? '' : `?input=${enc(input)}`}`;
    const answer = await this.request<TrpcItem>(`GET /trpc/${procedure}`, path);
    if (!answer || answer.status >= 300) return null;
    return (answer.body.result?.data ?? null) as T | null;
  }

  /**
   * Several queries in one request, as the web's httpBatchLink sends a screen's calls
   * (`/trpc/a,b?batch=1&input={"0":…,"1":…}`). An item that failed is a failure of its own.
   */
  async batch(calls: [procedure: string, input?: unknown][]): Promise<(unknown | null)[]> {
    const inputs: Record<string, unknown> = {};
    calls.forEach(([, input], index) => {
      if (input !== undefined) inputs[index] = input;
    });
    const names = calls.map(([procedure]) => procedure).join(',');
    const path = `/trpc/${names}?batch=1&input=${enc(inputs)}`;
    const answer = await this.request<TrpcItem[]>(`GET /trpc/${names} (batch)`, path);
    if (!answer || !Array.isArray(answer.body)) return calls.map(() => null);
    return answer.body.map((item, index) => {
      if (item.error) {
        const status = item.error.data?.httpStatus ?? 500;
        // A batch where every item failed the same way has that status, already judged.
        if (answer.status !== status)
          this.recorder.fail(
            failureKind(status),
            `${this.name} batch item ${calls[index]![0]} → ${status}: ${item.error.message}`,
          );
        return null;
      }
      return item.result?.data ?? null;
    });
  }

  /** GET /api/auth/user must answer this actor: a session crossed with another request's would not. */
  async checkIdentity(): Promise<void> {
    const me = await this.request<{ id?: string }>('GET /api/auth/user', '/api/auth/user');
    if (me?.status === 200 && me.body.id !== this.userId) {
      this.recorder.fail(
        'another user answered',
        `${this.name}: /api/auth/user answered ${JSON.stringify(me.body).slice(0, 200)}, expected user ${this.userId}`,
      );
    }
  }
}

function refusalReason(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const error = body as {
    code?: string;
    details?: { reason?: string };
    error?: { data?: { code?: string } };
  };
  return error.details?.reason ?? error.code ?? error.error?.data?.code;
}
