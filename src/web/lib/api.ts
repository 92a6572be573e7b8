import type { ErrorBody } from '../../contract/errors';
import type { RuleReference } from '../../contract/safety';

/** What a refusal by the safety rules by age carries besides its message (an AGE_RULE body). */
export interface AgeRuleRefusal {
  message: string;
  rules: RuleReference[];
  alternative: string | null;
}

/** Spec 7: every call sends cookies; failures raise the server's message, else 'Request failed'. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** Each refused input with what is wrong with it (the server's ErrorBody `fields`). */
    readonly fields?: Record<string, string>,
    /** The rules that said no and what is open instead, on an AGE_RULE refusal. */
    readonly ageRule?: AgeRuleRefusal,
  ) {
    super(message);
  }
}

/** The safety rules' refusal a call answered (code AGE_RULE), with its rules and alternative; undefined for any other failure. */
export function ageRuleOf(error: unknown): AgeRuleRefusal | undefined {
  return error instanceof ApiError && error.code === 'AGE_RULE' ? error.ageRule : undefined;
}

/** A failure as one line for a toast: the server's message, and for an AGE_RULE refusal what is open instead. */
export function refusalText(error: unknown): string | undefined {
  const ageRule = ageRuleOf(error);
  if (ageRule) return ageRule.alternative ? `${ageRule.message} ${ageRule.alternative}` : ageRule.message;
  return serverMessage(error);
}

function ageRuleIn(data: Partial<ErrorBody>): AgeRuleRefusal | undefined {
  if (data.code !== 'AGE_RULE' || !data.message) return undefined;
  return { message: data.message, rules: data.rules ?? [], alternative: data.alternative ?? null };
}

/** The server's message for a refused call; undefined when there is none worth showing. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message && error.message !== 'Request failed' ? error.message : undefined;
}

/** Called when any call answers 401, so a stale stored user is signed out at once. */
let onUnauthorized: (() => void) | null = null;
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export async function apiRequest<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
    if (response.status === 401 && !url.startsWith('/api/auth/')) onUnauthorized?.();
    throw new ApiError(data?.message || 'Request failed', response.status, data?.code, data?.fields, data ? ageRuleIn(data) : undefined);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Spec 7's read helper: raises '{status}: {text}'; `on401: 'returnNull'` gives null instead. */
export async function getJson<T>(url: string, options: { on401?: 'throw' | 'returnNull' } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 401) {
    if (options.on401 === 'returnNull') return null;
    onUnauthorized?.();
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    throw new ApiError(`${response.status}: ${text}`, response.status);
  }
  return (await response.json()) as T;
}
