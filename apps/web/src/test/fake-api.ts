/**
 * The web tests' fake API (decision 0022): each fake route is one of the contract's
 * endpoints (`route(endpoints.coupons.get, { id: '1' })`, the path built from its
 * declaration), and each answer a fake gives is checked against what that endpoint
 * declares for its status, so a fake that drifts from the API fails its test.
 */
import { apiError, type Endpoint, type EndpointMeta, api as endpoints, pathOf, pathParameters } from '@haat/contract';
import type { ContractProcedure } from '@orpc/contract';
import { vi } from 'vitest';
import type { z } from 'zod';

/** An endpoint of the contract with its name (`coupons.get`) and what its path matches. */
interface Declared {
  name: string;
  method: string;
  pattern: RegExp;
  endpoint: Endpoint;
}

// biome-ignore lint/suspicious/noExplicitAny: reads any endpoint's declaration.
const declarationOf = (endpoint: Endpoint) => (endpoint as ContractProcedure<any, any, any, EndpointMeta>)['~orpc'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every endpoint of the contract; a static path before one with parameters, so `/admin/all` is not `/{id}`. */
const declared: Declared[] = Object.entries(endpoints)
  .flatMap(([group, members]) =>
    Object.entries(members as Record<string, Endpoint>).map(([member, endpoint]) => {
      const path = declarationOf(endpoint).route.path ?? '';
      const pattern = new RegExp(
        `^${path
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('[^/]+')}$`,
      );
      return { name: `${group}.${member}`, method: String(declarationOf(endpoint).route.method), pattern, endpoint };
    }),
  )
  .sort(
    (a, b) =>
      pathParameters(declarationOf(a.endpoint).route.path ?? '').length -
      pathParameters(declarationOf(b.endpoint).route.path ?? '').length,
  );

/**
 * The key of a fake route: `'GET /api/coupons/1'` for `route(endpoints.coupons.get, {
 * id: '1' })`. Writing the key from the contract keeps every path the API's own.
 */
export function route(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return `${declarationOf(endpoint).route.method} ${pathOf(endpoint, params)}`;
}

/** The endpoint of the contract a request `METHOD /path` reaches, if any. */
function endpointOf(method: string, path: string): Declared | undefined {
  return declared.find((candidate) => candidate.method === method && candidate.pattern.test(path));
}

/**
 * The schema an endpoint declares for an answer of `status`: its own answer of that
 * status (`answers`), else its output for a success (a file's is `fileAnswer`), else
 * the API's error shape. Null when it declares none (an image, an event stream).
 */
function answerSchema(endpoint: Endpoint, status: number): z.ZodType | null {
  const { meta, outputSchema } = declarationOf(endpoint);
  const own = meta.answers?.[status];
  if (own) return own;
  if (status >= 200 && status < 300) return (outputSchema as z.ZodType | undefined) ?? null;
  return apiError;
}

/**
 * Checks a fake's answer against its endpoint's declaration.
 * @throws Error naming the endpoint, the status and each field that does not match.
 */
function checkFakeAnswer(request: string, status: number, body: unknown): void {
  const [method = '', path = ''] = request.split(' ');
  const found = endpointOf(method, path);
  if (!found) throw new Error(`The fake route '${request}' is no endpoint of the contract`);
  const schema = answerSchema(found.endpoint, status);
  if (!schema) return;
  const result = schema.safeParse(body);
  if (result.success) return;
  const issues = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(the body)'}: ${issue.message}`);
  throw new Error(
    `The fake of ${request} (endpoints.${found.name}) answers ${status} with what the contract does not declare:\n${issues.join('\n')}`,
  );
}

/** A request the screen made, as the fake API saw it. */
export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = { status: number; body: unknown };
type Handler = (call: Call) => unknown;

/** A reply with a status other than 200. */
export const reply = (status: number, body: unknown): Reply => ({ status, body });

/** Answers that did not match their endpoint, kept until the test ends (`takeDrifts`). */
const drifts: string[] = [];

/**
 * The drifts the fakes of the test answered, forgotten once taken: the test kit's
 * `afterEach` fails a test that had any, with each one's message.
 */
export function takeDrifts(): string[] {
  return drifts.splice(0);
}

/**
 * Stands in for the API: `routes` maps a route (`route(endpoints.coupons.list)`) to
 * what it answers (a body, a `File` for a download, or `reply(status, body)`); anything
 * else answers 404.
 * Records every call. A key that is no endpoint of the contract throws at once; an
 * answer that does not match its endpoint's declaration fails the call and the test.
 */
export function fakeApi(routes: Record<string, Handler>) {
  for (const key of Object.keys(routes)) {
    const [method = '', path = ''] = key.split(' ');
    if (!endpointOf(method, path)) throw new Error(`The fake route '${key}' is no endpoint of the contract`);
  }
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      // The client sends Request objects; the health probe passes a path and options.
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), 'http://localhost');
      const method = request ? request.method : (init?.method ?? 'GET');
      const text = request ? await request.text() : init?.body ? String(init.body) : '';
      const call = { method, url, body: text ? jsonOrText(text) : undefined };
      calls.push(call);
      const key = `${method} ${url.pathname}`;
      const handler = routes[key];
      if (!handler) return jsonResponse(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
      const answer = await handler(call);
      if (answer instanceof Response) {
        // A stream is answered as is, by an endpoint that declares no JSON for it.
        const found = endpointOf(method, url.pathname);
        if (found && answerSchema(found.endpoint, answer.status)) {
          drifts.push(
            `The fake of ${key} (endpoints.${found.name}) answers a Response where the contract declares JSON`,
          );
          throw new Error(drifts.at(-1));
        }
        return answer;
      }
      const { status, body } =
        answer && typeof answer === 'object' && 'status' in answer && 'body' in answer
          ? (answer as Reply)
          : { status: 200, body: answer };
      try {
        checkFakeAnswer(key, status, body);
      } catch (error) {
        drifts.push((error as Error).message);
        throw error;
      }
      return body instanceof Blob ? fileResponse(status, body) : jsonResponse(status, body);
    }),
  );
  return {
    calls,
    /** The calls made to `endpoint` (at `params`, for a path with parameters). */
    callsTo: (endpoint: Endpoint, params: Record<string, string> = {}) => {
      const [method, path] = route(endpoint, params).split(' ');
      return calls.filter((c) => c.method === method && c.url.pathname === path);
    },
  };
}

/** A file as the API sends one (a CSV export): its type, and its name in `content-disposition`. */
async function fileResponse(status: number, file: Blob): Promise<Response> {
  const name = file instanceof File ? file.name : 'file';
  // jsdom's Blob has no text(): read it as a browser would.
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
  return new Response(text, {
    status,
    headers: { 'content-type': file.type, 'content-disposition': `attachment; filename="${name}"` },
  });
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A request body as JSON when it is, else its text (an uploaded file's bytes). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
