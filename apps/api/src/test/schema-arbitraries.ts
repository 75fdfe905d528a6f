import fc from 'fast-check';

/**
 * fast-check arbitraries made from a route's own JSON schema (the OpenAPI document
 * `@fastify/swagger` builds from the contract's Zod schemas), with hostile values mixed
 * in at every level: what a well-meaning client sends, what a broken one sends, and
 * what an attacker sends (issue 11's property-based sweep).
 */

/** The subset of JSON Schema the contract's schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Values that broke or could break a server before (decision 0021), and their kin. */
export const hostileScalars: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\ufeff\u202e\u200b',
  '𝕳𝖆𝖆𝖙 👩🏽‍💻',
  'Ω≈ç√∫˜µ≤≥÷',
  "'; drop table products; --",
  '%_\\',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 2,
  -(2 ** 31) - 1,
  -1,
  0,
  1e-9,
  0.005,
  1e308,
  -1e308,
  '9'.repeat(40),
  '1e-9',
  '2147483648',
  '-0',
  'NaN',
  'Infinity',
  '',
  ' ',
  null,
  true,
  false,
  [],
  {},
  '2026-02-30T00:00:00.000Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  // Forged page cursors: another sort, a key of the wrong type, an id past 32 bits, not base64.
  Buffer.from(JSON.stringify(['newest', 'x', 2 ** 31])).toString('base64url'),
  Buffer.from(JSON.stringify(['name-asc', { a: 1 }, 1])).toString('base64url'),
  Buffer.from(JSON.stringify(['newest', '2026-01-01T00:00:00.000Z', 1])).toString('base64url'),
  Buffer.from('[1,2').toString('base64url'),
  '!!not-base64!!',
];

/** A huge string: 200,000 characters (the body limit is 1 MB). */
export const hugeString = 'x'.repeat(200_000);

const hostile = fc.oneof(
  fc.constantFrom(...hostileScalars),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constant(hugeString),
  fc.jsonValue({ maxDepth: 2 }),
);

/** `arbitrary`'s value one time in `every`, else null. */
export function rarely<T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A value fitting `schema` as a client means it (not necessarily accepted: the server's refinements decide). */
function fitting(schema: JsonSchema, depth: number, nasty: boolean): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => fromSchema(variant, depth, nasty)));
  if (schema.allOf && schema.allOf.length > 0) return fromSchema(schema.allOf[0] as JsonSchema, depth, nasty);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  const arbitraries: fc.Arbitrary<unknown>[] = [];
  for (const type of types.length > 0 ? types : ['string']) {
    switch (type) {
      case 'null':
        arbitraries.push(fc.constant(null));
        break;
      case 'boolean':
        arbitraries.push(fc.boolean());
        break;
      case 'integer':
        // Small ones mostly: ids of rows that exist, quantities a cart holds.
        arbitraries.push(
          fc.oneof(
            { weight: 3, arbitrary: fc.integer({ min: 1, max: 8 }) },
            {
              weight: 1,
              arbitrary: fc.integer({
                min: Math.max(typeof schema.minimum === 'number' ? schema.minimum : -1000, -(2 ** 31)),
                max: Math.min(typeof schema.maximum === 'number' ? schema.maximum : 100_000, 2 ** 31),
              }),
            },
          ),
        );
        break;
      case 'number':
        arbitraries.push(
          fc.oneof(
            fc.integer({ min: 0, max: 100_000 }),
            fc.double({ min: -10, max: 1e7, noNaN: true }),
            fc.integer({ min: 0, max: 1_000_000 }).map((paise) => paise / 100),
          ),
        );
        break;
      case 'array':
        arbitraries.push(
          fc.array(fromSchema(schema.items ?? {}, depth + 1, nasty), { maxLength: Math.min(schema.maxItems ?? 4, 4) }),
        );
        break;
      case 'object':
        arbitraries.push(objectFrom(schema, depth, nasty));
        break;
      default:
        arbitraries.push(stringFrom(schema));
    }
  }
  if (schema.nullable) arbitraries.push(fc.constant(null));
  return arbitraries.length === 1 ? (arbitraries[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbitraries);
}

function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.pattern) {
    try {
      // An id's pattern: mostly the ids of rows that exist.
      if (schema.pattern.startsWith('^[1-9]')) {
        return fc.oneof(fc.integer({ min: 1, max: 8 }).map(String), fc.stringMatching(new RegExp(schema.pattern)));
      }
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot invert: plain strings will do.
    }
  }
  return fc.oneof(
    fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
    fc.integer({ min: 1, max: 8 }).map(String),
  );
}

/**
 * Values a real client would send for fields of these names, which the contract's
 * refinements (e-mail, URL, phone, date rules) accept and a blind generator rarely
 * hits, so generated requests reach the services and SQL.
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const hints: Record<string, unknown[]> = {
  email: ['sweep-admin@example.test', 'sweep-vendor@example.test', 'someone@example.test'],
  password: ['secret123', 'another-password'],
  currentPassword: ['secret123'],
  newPassword: ['secret456', 'secret123'],
  imageUrl: ['https://img.example.test/a.jpg'],
  image: ['https://img.example.test/b.jpg', null],
  images: [['https://img.example.test/c.jpg']],
  url: ['https://example.test/'],
  link: ['https://example.test/sale'],
  phone: ['+91 90000 00000'],
  phoneNumber: ['+91 90000 00000'],
  code: ['SAVE10', 'SWEEP'],
  startDate: [day(-1), day(0)],
  endDate: [day(1), day(30)],
  status: ['active', 'inactive', 'approved', 'rejected', 'Order Placed', 'Shipped'],
};

function objectFrom(schema: JsonSchema, depth: number, nasty: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    return nasty ? fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 3 }) : fc.constant({});
  }
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const generated = fromSchema(properties[name] as JsonSchema, depth + 1, nasty);
    const hinted = hints[name];
    record[name] = hinted
      ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: generated })
      : generated;
  }
  if (!nasty) {
    return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => names.includes(name)) });
  }
  // Required fields mostly present; now and then one is missing or an unknown key rides along.
  return fc
    .tuple(
      fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => names.includes(name)) }),
      rarely(fc.constantFrom(...names), 6),
      rarely(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'a\u0000', 'extra'), hostile), 8),
    )
    .map(([value, without, extra]) => {
      const copy: Record<string, unknown> = { ...value };
      if (without !== null) delete copy[without];
      if (extra !== null) Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true });
      return copy;
    });
}

/**
 * Values for `schema`. Nasty (the default): mostly ones fitting it, one in five
 * hostile at each level. Clean: only ones fitting it, so requests get past validation
 * and reach the services and SQL.
 */
export function fromSchema(schema: JsonSchema, depth = 0, nasty = true): fc.Arbitrary<unknown> {
  if (!nasty) return depth > 4 ? fc.constant(null) : fitting(schema, depth, false);
  if (depth > 4) return hostile;
  return fc.oneof({ weight: 4, arbitrary: fitting(schema, depth, true) }, { weight: 1, arbitrary: hostile });
}

/** A JSON request body for `schema`: from the schema, or any JSON at all (null, a number, a string, an array). */
export function bodyFrom(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const anything = fc.oneof(
    fc.constantFrom(null, 0, 1e-9, 'text', true, false, [], [{}], '\u0000'),
    fc.jsonValue({ maxDepth: 3 }),
  );
  if (!schema) return anything;
  return fc.oneof(
    { weight: 3, arbitrary: fitting(schema, 0, false) },
    { weight: 3, arbitrary: fitting(schema, 0, true) },
    { weight: 1, arbitrary: anything },
  );
}

/** A query string (without `?`) for the query parameters `parameters` (name → schema). */
export function queryFrom(parameters: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const names = Object.keys(parameters);
  const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const fromParams =
    names.length === 0
      ? fc.constant<[string, string][]>([])
      : fc.array(
          fc
            .constantFrom(...names)
            .chain((name) =>
              fc
                .oneof(fromSchema(parameters[name] as JsonSchema, 1, false), fromSchema(parameters[name] as JsonSchema))
                .map((value): [string, string] => [name, text(value)]),
            ),
          { maxLength: names.length + 1 },
        );
  const raw = fc.constantFrom(
    '',
    'limit=1e999',
    'limit=0',
    'limit=-1',
    'limit=1&limit=2',
    'cursor=%00',
    'a[b]=1',
    'limit[]=5',
    'search=%E0%A4%A',
    '%ZZ=1',
    `search=${'%F0%9F%98%80'.repeat(50)}`,
  );
  return fc.oneof(
    { weight: 5, arbitrary: fromParams.map((pairs) => new URLSearchParams(pairs).toString()) },
    { weight: 1, arbitrary: raw },
  );
}
