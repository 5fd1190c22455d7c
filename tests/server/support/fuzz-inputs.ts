import fc from 'fast-check'

// Hostile inputs for the API fuzz suite (fuzz.test.ts). Bodies are built as JSON text, so they
// can hold what JSON.stringify never writes: `__proto__` keys, repeated keys, -0, 1e999, deep
// nesting.

/** JSON text used as is (`-0`, `1e999`, a 5000-deep nest). */
export class Raw {
  constructor(readonly text: string) {}
}

/** An object as ordered entries: keys may repeat and may be `__proto__`. */
export class Entries {
  constructor(readonly entries: ReadonlyArray<readonly [string, Fuzzy]>) {}
}

export type Fuzzy = Raw | Entries | null | boolean | number | string | readonly Fuzzy[]

export function jsonText(value: Fuzzy): string {
  if (value instanceof Raw) return value.text
  if (value instanceof Entries) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  // NaN and ±Infinity become null, as in any JSON client.
  return JSON.stringify(value)
}

const HOSTILE_TEXT = [
  '',
  ' ',
  '\t\n ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202egnp.exe',
  '\ufeffname',
  '💩'.repeat(50),
  'x'.repeat(201),
  'x'.repeat(5001),
  'x'.repeat(100_000),
  "'; drop table products; --",
  '%_\\',
  '<script>alert(1)</script>',
  '{{7*7}}<%= 7*7 %>',
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '12',
  'true',
  '__proto__',
  'constructor',
  'Range',
  'range',
  'FIXED',
  'a@b.co',
  '+234 803 555 0101',
]

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
)

// Numbers as JSON text, where JS would change them (-0, 1e999) or they sit at a limit.
const RAW_NUMBERS = [
  '-0',
  '0.0',
  '1.0',
  '1E2',
  '0.1e1',
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '5e-324',
  '0.001',
  '12.345',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1000000000000.01',
  '3651',
]

export const hostileNumber: fc.Arbitrary<Fuzzy> = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS).map((text) => new Raw(text)),
  fc.constantFrom(0, 1, 2, 3, 5, -1, 1.5, 3650, 2147483647, 1e12, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double(),
)

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype']

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTO_KEYS, '', ' ', 'a.b', '$ref', 'id', 'createdAt', '\u0000', 'toString'),
  fc.string({ maxLength: 10 }),
)

// Both shapes of prototype pollution a careless merge would act on.
const pollution = fc.constantFrom(
  new Raw('{"__proto__":{"polluted":"yes"}}'),
  new Raw('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  new Raw('{"__proto__":null}'),
)

const deepNest = fc
  .tuple(fc.integer({ min: 50, max: 5000 }), fc.boolean())
  .map(([depth, asObject]) =>
    asObject
      ? new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
      : new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`),
  )

const hostileLeaf: fc.Arbitrary<Fuzzy> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<Fuzzy>(true, false, null) },
  { weight: 1, arbitrary: pollution },
  { weight: 1, arbitrary: deepNest },
)

/** Any JSON value, leaves hostile: wrong types, arrays for objects, proto keys. */
export const hostileValue: fc.Arbitrary<Fuzzy> = fc.letrec<{ value: Fuzzy }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileLeaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })
        .map((entries) => new Entries(entries)),
    },
  ),
})).value

type Mutation =
  | { kind: 'set'; key: string; value: Fuzzy }
  | { kind: 'delete'; key: string }
  | { kind: 'append'; key: string; value: Fuzzy }

function mutation(fields: string[]): fc.Arbitrary<Mutation> {
  const field = fc.constantFrom(...fields)
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('set'), key: field, value: hostileValue }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete'), key: field }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('append'),
        key: fc.oneof(field, hostileKey),
        value: hostileValue,
      }),
    },
  )
}

function mutate(body: Record<string, unknown>, mutations: Mutation[]): Entries {
  let entries = Object.entries(body) as Array<[string, Fuzzy]>
  for (const change of mutations) {
    if (change.kind === 'delete') entries = entries.filter(([key]) => key !== change.key)
    else if (change.kind === 'append') entries.push([change.key, change.value])
    else if (entries.some(([key]) => key === change.key)) {
      entries = entries.map(([key, value]) => [key, key === change.key ? change.value : value])
    } else entries.push([change.key, change.value])
  }
  return new Entries(entries)
}

/** Bodies that are not JSON at all, or JSON a parser may choke on. */
function rawBody(limit: number): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        '',
        ' \n ',
        '{',
        '{"a":',
        '}',
        'null',
        'true',
        '0',
        '"text"',
        '[]',
        'undefined',
        "{'name':'x'}",
        '{"a":1,}',
        '\ufeff{}',
        '{"name":"\u0000"}',
        '{"name":"\\u0000"}',
        '{"\\u0000":1}',
        '{"name":"\\ud800"}',
        '{"name":"\\x41"}',
        '{"a":1}{"b":2}',
        'name=a&description=b',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n',
        '<?xml version="1.0"?><a/>',
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 100 }) },
    // One byte over the route's body limit: 413, whatever the content type.
    { weight: 1, arbitrary: fc.constant(limit).map((size) => `"${'x'.repeat(size)}"`) },
  )
}

/**
 * A request body as text for a route that reads one: mostly a plausible body (which may well be
 * valid) with one to three hostile changes, sometimes unchanged, any JSON, or no JSON at all.
 */
export function fuzzBody(
  plausible: fc.Arbitrary<Record<string, unknown>>,
  fields: string[],
  limit: number,
): fc.Arbitrary<string> {
  const names = [...new Set([...fields, 'id'])]
  return fc.oneof(
    { weight: 5, arbitrary: plausible.map((body) => JSON.stringify(body)) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(plausible, fc.array(mutation(names), { minLength: 1, maxLength: 3 }))
        .map(([body, mutations]) => jsonText(mutate(body, mutations))),
    },
    { weight: 2, arbitrary: hostileValue.map(jsonText) },
    { weight: 2, arbitrary: rawBody(limit) },
  )
}

/** What a route without a body gets: mostly nothing, sometimes something anyway. */
export function strayBody(limit: number): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: hostileValue.map(jsonText) },
    { weight: 1, arbitrary: rawBody(limit) },
  )
}

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json;;;',
      'application/json, text/plain',
      'application/jsonp',
      'application/merge-patch+json',
      'text/plain',
      'text/plain; charset=utf-8',
      'text/html',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/octet-stream',
      'image/png',
      '*/*',
    ),
  },
)

export interface AuthChoice {
  header: string | undefined
  /** Whether the header carries the live token (schemes are case-insensitive, RFC 9110). */
  valid: boolean
}

/** Stands for the live token in generated headers; the test puts the real one in its place. */
export const TOKEN = '<token>'

/** The Authorization header: mostly the live token, else missing, malformed or wrong. */
export const authHeader: fc.Arbitrary<AuthChoice> = (() => {
  const token = TOKEN
  const valid = (header: string): AuthChoice => ({ header, valid: true })
  const invalid = (header: string | undefined): AuthChoice => ({ header, valid: false })
  const basic = Buffer.from('admin:change-me-now').toString('base64')
  return fc.oneof(
    { weight: 10, arbitrary: fc.constant(valid(`Bearer ${token}`)) },
    { weight: 1, arbitrary: fc.constantFrom(valid(`bearer ${token}`), valid(`BEARER  ${token}`)) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        invalid(undefined),
        invalid(''),
        invalid('Bearer'),
        invalid('Bearer '),
        invalid(`Bearer ${token}x`),
        invalid(`Bearer ${token.slice(0, -1)}`),
        invalid(`Basic ${basic}`),
        invalid(`Token ${token}`),
        invalid(token),
        invalid(`Bearer ${token} ${token}`),
        invalid(`Bearer ${token},Bearer ${token}`),
        invalid(`Bearer\t${token}`),
        invalid(`Bearer ${'A'.repeat(10_000)}`),
        invalid('Bearer null'),
        invalid('Bearer undefined'),
        invalid('Bearer ../../etc/passwd'),
        invalid("Bearer ' or '1'='1"),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => invalid(text)),
    },
  )
})()

const QUERY_VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '2',
  '3',
  '30',
  '3000',
  '3001',
  '1e3',
  '0x10',
  '1.5',
  '1.',
  '.5',
  '-0',
  '+1',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '999999999999999',
  '2147483647',
  '2147483648',
  // id lists (the category search's `ids`)
  '1,2,3',
  '1,,2',
  '9999999999,2147483648',
  '1000000000000',
  '1000000000000.01',
  '12.345',
  'null',
  'NULL',
  'true',
  'false',
  'TRUE',
  ' true ',
  'yes',
  'full',
  'thumb',
  'THUMB',
  '%',
  '_',
  '%_\\',
  '\u0000',
  'a\u0000',
  'x'.repeat(201),
  'x'.repeat(20_000),
  'Àmàlà',
  '💩',
  "' or 1=1 --",
  // Words of the fixtures (found through the full-text and trigram indexes) and FTS5 syntax.
  'Catering',
  'example.com',
  'jollof',
  '"*^:',
  'a OR b*',
  'NEAR(a b)',
  '-x',
]

// Sent unencoded: malformed escapes and separators the query parser must survive.
const RAW_QUERY_PARTS = ['%zz', '%', '%E0%A4%A', '%00', '&&', '==', 'a=b=c', '+', ';', '%C0%AE']

// Through a Buffer first: a lone surrogate becomes U+FFFD, as any HTTP client would send it.
const encode = (text: string) => encodeURIComponent(Buffer.from(text).toString())

/** A query string over the route's parameters and hostile ones, repeated or malformed. */
export function queryString(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...names, 'page', 'pageSize') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'a[b]', ''),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  )
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...QUERY_VALUES) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.double().map(String) },
  )
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(key, value).map(([k, v]) => `${encode(k)}=${encode(v)}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(key, fc.constantFrom(...RAW_QUERY_PARTS))
        .map(([k, raw]) => `${encode(k)}=${raw}`),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_PARTS) },
  )
  return fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&'))
}

const PATH_IDS = [
  '0',
  '-1',
  '01',
  '+1',
  '1.0',
  '1e3',
  '0x1',
  ' 1',
  '1 ',
  '2147483647',
  '2147483648',
  '4294967297',
  '9'.repeat(20),
  '9'.repeat(99),
  'abc',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '__proto__',
  'constructor',
  'toString',
  'images',
  '\u0000',
  '/',
  '%',
  '💩',
  'Àmàlà',
  "1' or '1'='1",
  '1;drop table products',
]

/**
 * One path segment for an id, percent-encoded so the request still reaches the route under test.
 * At most 100 characters: see the known framework-error bug in fuzz.test.ts.
 */
export const pathSegment: fc.Arbitrary<string> = fc
  .oneof(
    // Most paths name a record of the fixtures, so the routes get past their 404s.
    { weight: 8, arbitrary: fc.constantFrom('1', '2', '3') },
    { weight: 4, arbitrary: fc.constantFrom(...PATH_IDS) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
  )
  .map(encode)
  // Clients resolve `.` and `..` (even as %2E) before sending: such a path leaves the route.
  .filter((segment) => !/^\.{1,2}$/.test(segment))

/** Headers a client may add, some of which Fastify or the routes act on. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"x", *', ''),
    accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'image/*'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*'),
    'content-encoding': fc.constantFrom('gzip', 'deflate', 'identity', 'x-unknown'),
    'accept-version': fc.constantFrom('1.0.0', '*', 'x'),
    'x-forwarded-for': fc.constantFrom('127.0.0.1', '::1, evil', 'garbage'),
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT'),
    origin: fc.constantFrom('http://evil.example', 'null'),
  },
  { requiredKeys: [] },
)

export interface SampleImages {
  png: Buffer
  jpeg: Buffer
  webp: Buffer
  /** 48 megapixels: over the pixel limit. */
  bomb: Buffer
}

/**
 * The text of an uploaded image: valid ones (so uploads sometimes succeed) and every way of
 * getting it wrong: bad data URLs, bad base64, truncated, disguised or oversized images.
 */
export function imageText(images: SampleImages): fc.Arbitrary<string> {
  const b64 = (bytes: Buffer) => bytes.toString('base64')
  const { png, jpeg, webp, bomb } = images
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc.constantFrom(
        `data:image/png;base64,${b64(png)}`,
        b64(png),
        `DATA:IMAGE/JPEG;BASE64,${b64(jpeg)}`,
        `data:image/webp;base64,${b64(webp)}`,
        // The declared type is ignored: the bytes decide.
        `data:text/html;base64,${b64(png)}`,
        b64(png).replace(/(.{76})/g, '$1\r\n'),
        b64(png).replaceAll('+', '-').replaceAll('/', '_'),
        // Whatever follows the image is dropped when it is cleaned.
        b64(Buffer.concat([png, Buffer.from('<html><script>1</script></html>')])),
      ),
    },
    {
      weight: 8,
      arbitrary: fc.constantFrom(
        'data:image/png;base64,',
        'data:image/png,rawtext',
        'data:,hello',
        'data:image/png;base64',
        'data:;base64,%%%',
        ' data:image/png;base64,AAAA',
        `data:image/svg+xml;base64,${b64(svg)}`,
        b64(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')),
        b64(png.subarray(0, Math.floor(png.length / 2))),
        b64(Buffer.concat([png.subarray(0, 16), Buffer.from('<script>1</script>')])),
        b64(jpeg.subarray(0, 3)),
        b64(Buffer.from('RIFF\x00\x00\x00\x00WEBP')),
        b64(bomb),
        'A',
        'AAAAA',
        '====',
        'iVBORw0KGgo=',
        '😀',
      ),
    },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => b64(Buffer.from(b))) },
    // Over 8 MiB once decoded, yet within the 12 MiB body limit: 413 before any decoding.
    { weight: 1, arbitrary: fc.constant(11_200_000).map((length) => 'A'.repeat(length)) },
  )
}

/** A cell of an import file: plausible values (the fixtures' ids 1–3 among them), hostile text
 * and CSV's own special characters. */
const csvCell = fc.oneof(
  fc.constantFrom('', 'Yes', 'No', '1', '2', '3', '12500.00', '₦1,250.50', '-3', 'Fixed', 'range'),
  fc.constantFrom('999999', '9999999999', 'Ada', 'ada@example.com', '+2348012345678'),
  fc.constantFrom('"', '""', ';', ',', '\r\n', "'=SUM(A1)", '\uFEFF', '\u0000', 'a\nb'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
)

/** A CSV import body: a header of some of `titles` (or an unknown one) and a few random rows,
 * mostly as wide as the header (else csv-parse refuses the file before any row is checked),
 * joined with , or ; and LF or CRLF, quoted or raw; sometimes not UTF-8 at all. */
export function csvBody(titles: string[]): fc.Arbitrary<string | Buffer> {
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`
  const row = (width: number) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.array(csvCell, { minLength: width, maxLength: width }) },
      { weight: 1, arbitrary: fc.array(csvCell, { minLength: 0, maxLength: 7 }) },
    )
  const file = fc
    .subarray([...titles, 'Colour'], { minLength: 1, maxLength: 6 })
    .chain((header) =>
      fc.record({
        header: fc.constant(header),
        rows: fc.array(row(header.length), { maxLength: 5 }),
        separator: fc.constantFrom(',', ';'),
        newline: fc.constantFrom('\n', '\r\n'),
        quoted: fc.boolean(),
        bom: fc.boolean(),
      }),
    )
    .map(({ header, rows, separator, newline, quoted, bom }) => {
      const line = (cells: string[]) => cells.map((c) => (quoted ? quote(c) : c)).join(separator)
      return `${bom ? '\uFEFF' : ''}${[line(header), ...rows.map(line)].join(newline)}${newline}`
    })
  return fc.oneof(
    { weight: 8, arbitrary: file },
    { weight: 1, arbitrary: file.map((text) => Buffer.from(text.replace(/e/g, '\xe9'), 'latin1')) },
  )
}
