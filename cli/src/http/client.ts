import type { ApiError } from '@extranet/core/api/errors.ts';
import type { Page } from '@extranet/core/api/paging.ts';
import { parseLinkHeader } from '@extranet/core/api/pagingParams.ts';
import { parseDecimalCents } from '@extranet/core/domain/money.ts';
import { CliError, ExitCode } from '../errors.ts';
import type { Translator } from '../i18n/translate.ts';
import { formatMs } from '../output/duration.ts';
import { httpFailureMessage } from './failure.ts';
import type { Answer, Transport } from './transport.ts';

export type Query = ReadonlyArray<readonly [string, string]>;

/** Where the token comes from and goes: core's `TokenStore` shape. */
export interface Tokens {
  load(): string | undefined;
  save(token: string, remember: boolean): void;
  /** Swaps the token for a renewed one (after a password change), kept where the current one is. */
  replace(token: string): void;
  clear(): void;
}

export interface HttpRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path under the server's base URL (`api/account`). */
  readonly path: string;
  readonly query?: Query;
  readonly json?: unknown;
  readonly formData?: FormData;
  /** JSON unless told (PDF and CSV downloads). */
  readonly accept?: string;
  /** Non-2xx statuses that are an answer here (health reads its body on 503). */
  readonly acceptStatus?: readonly number[];
  /** No timeout once the answer streams (long downloads). */
  readonly untimed?: boolean;
  /** The line to show for a 404, instead of the generic "Not found". */
  readonly notFound?: string;
}

/** The API over fetch: the calls the CLI makes, failures already turned into `CliError`s. */
export interface Http {
  /** The answer (2xx or an accepted status); its body is the caller's to read. */
  send(req: HttpRequest): Promise<Answer>;
  json<T>(req: HttpRequest): Promise<T>;
  /** A list page: the JSON array and what the paging headers say. */
  page<T>(req: HttpRequest): Promise<Page<T>>;
}

export interface HttpDeps {
  readonly server: string;
  readonly tokens: Tokens;
  readonly t: Translator;
  readonly timeoutMs: number;
  readonly transport: Transport;
}

/** A 401 ends the session unless it answers `api/account…` or `api/authenticate` (as core's client). */
const endsSession = (status: number, body: string, path: string) =>
  status === 401 && body.trim() !== '' && !/^\/?api\/(account|authenticate)/.test(path);

/**
 * The CLI's HTTP client over `node:http` (`transport.ts`), so a command loads no Effect, rxjs, platform layers or undici
 * (whoami went from ~1 s of CPU to a bare Node start plus one request). It keeps core's
 * rules: the Bearer token toward our own server only (every path is relative to it), a refused
 * token forgotten, and the error texts of core's `errorMessage`.
 */
export const makeHttp = (deps: HttpDeps): Http => {
  const { server, tokens, t } = deps;
  const unreachable = () => new CliError(t('cli.errors.unreachable', { server }), ExitCode.failure);

  const send = async (req: HttpRequest): Promise<Answer> => {
    const url = new URL(req.path.replace(/^\//, ''), server);
    for (const [name, value] of req.query ?? []) url.searchParams.append(name, value);
    const headers: Record<string, string> = { accept: req.accept ?? 'application/json' };
    const token = tokens.load();
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.formData !== undefined) body = req.formData;
    // The timeout runs until the answer is read; a download (`untimed`) is not cut once it streams.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
    timer.unref();
    let answer: Answer;
    try {
      answer = await deps.transport({
        method: req.method ?? 'GET',
        url,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: controller.signal,
      });
      if (req.untimed) clearTimeout(timer);
    } catch {
      clearTimeout(timer);
      if (controller.signal.aborted) {
        throw new CliError(
          t('cli.errors.timeout', { server, duration: formatMs(deps.timeoutMs) }),
          ExitCode.failure,
        );
      }
      throw unreachable();
    }
    if (answer.status < 400 || (req.acceptStatus ?? []).includes(answer.status)) return answer;
    const text = await answer.text().catch(() => '');
    if (endsSession(answer.status, text, req.path)) tokens.clear();
    if (answer.status === 404 && req.notFound !== undefined) {
      throw new CliError(req.notFound, ExitCode.failure);
    }
    throw failure(answer, text);
  };

  const failure = (answer: Answer, body: string): CliError => {
    const { status } = answer;
    if (status === 401) return new CliError(t('cli.errors.sessionExpired', { server }), ExitCode.auth);
    if (status === 403) return new CliError(t('cli.errors.forbidden'), ExitCode.auth);
    const header = (suffix: string) =>
      Object.entries(answer.headers).find(([name]) => name.endsWith(suffix))?.[1];
    const param = header('app-params');
    const error = {
      _tag: 'HttpError',
      status,
      url: answer.url,
      body,
      problem: parseProblem(body),
      errorKey: header('app-error'),
      errorParam: param === undefined ? undefined : decodeURIComponent(param),
    } as const;
    return new CliError(
      httpFailureMessage(error as unknown as ApiError, t),
      status === 400 ? ExitCode.usage : ExitCode.failure,
    );
  };

  const json = async <T>(req: HttpRequest): Promise<T> => {
    const answer = await send(req);
    const text = await answer.text();
    if (text.trim() === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError(t('cli.errors.badAnswer', { url: answer.url }), ExitCode.failure);
    }
  };

  const page = async <T>(req: HttpRequest): Promise<Page<T>> => {
    const answer = await send(req);
    const items = JSON.parse(await answer.text()) as T[];
    const int = (name: string) => {
      const value = answer.headers[name];
      return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
    };
    const amount = answer.headers['x-total-amount'];
    const totalAmount = amount === undefined ? undefined : parseDecimalCents(amount);
    const scopeTotal = int('x-scope-count');
    return {
      items,
      total: int('x-total-count') ?? items.length,
      links: parseLinkHeader(answer.headers.link),
      ...(scopeTotal === undefined ? {} : { scopeTotal }),
      ...(totalAmount === undefined ? {} : { totalAmount }),
    };
  };

  return { send, json, page };
};

/** A JHipster problem body (`application/problem+json`), loosely read: any field may be absent. */
export const parseProblem = (text: string) => {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const str = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
    const fieldErrors = Array.isArray(value.fieldErrors)
      ? (value.fieldErrors as Record<string, unknown>[]).filter(
          (f) => typeof f?.field === 'string' && typeof f?.message === 'string',
        )
      : undefined;
    return {
      type: str('type'),
      title: str('title'),
      detail: str('detail'),
      message: str('message'),
      fieldErrors: fieldErrors as { objectName: string; field: string; message: string }[] | undefined,
    };
  } catch {
    return undefined;
  }
};
