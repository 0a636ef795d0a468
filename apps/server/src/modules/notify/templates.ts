import Handlebars from 'handlebars';
import { boundedLru } from '../../lib/bounded-lru';
import { resolveFileLinks } from '../../lib/file-links';

/**
 * Step content is a Handlebars template rendered with the trigger's payload, the
 * subscriber and the actor. `{{x}}` escapes HTML (in-app content is injected as HTML by the inbox
 * widgets), `{{{x}}}` does not. The helpers are registered on a private Handlebars
 * environment; prototype access stays off (Handlebars' default since 4.6).
 */
export const templates = Handlebars.create();

type HelperOptions = Handlebars.HelperOptions;

const isOptions = (value: unknown): value is HelperOptions =>
  typeof value === 'object' && value !== null && 'hash' in value && 'data' in value;

const asText = (value: unknown): string =>
  value === null || value === undefined || isOptions(value) ? '' : String(value);

/** Reads `item[property]` for objects (dotted paths allowed), else the item itself. */
function pick(item: unknown, property: unknown): unknown {
  if (typeof property !== 'string' || property === '' || item === null || typeof item !== 'object')
    return item;
  let value: unknown = item;
  for (const key of property.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1;
  if (b === undefined || b === null) return -1;
  return String(a).localeCompare(String(b));
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall-clock parts of `date` in `timeZone` (an IANA name; UTC when absent or unknown). */
function partsIn(date: Date, timeZone: string | undefined) {
  let zone = timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday,
    millisecond: date.getUTCMilliseconds(),
  };
}

const DATE_TOKENS = /\[([^\]]*)\]|yyyy|yy|MMMM|MMM|MM|M|dd|d|EEEE|EEE|HH|H|hh|h|mm|m|ss|s|SSS|a/g;

/**
 * Formats a date with date-fns-style tokens (a value that is not a date comes back as text): yyyy yy MMMM MMM MM M dd d EEEE EEE HH H hh h mm m ss
 * s SSS a, and `[literal]` text. An optional third argument names the time zone (default UTC).
 */
export function formatDate(value: unknown, format: unknown, timeZone?: unknown): string {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'number' || typeof value === 'string'
        ? new Date(value)
        : null;
  if (!date || Number.isNaN(date.getTime())) return asText(value);
  const pattern = typeof format === 'string' && format !== '' ? format : "yyyy-MM-dd'T'HH:mm:ss";
  const p = partsIn(date, typeof timeZone === 'string' ? timeZone : undefined);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return pattern.replace(/'([^']*)'/g, '[$1]').replace(DATE_TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'yyyy':
        return pad(p.year, 4);
      case 'yy':
        return pad(p.year % 100);
      case 'MMMM':
        return MONTHS[p.month - 1] ?? '';
      case 'MMM':
        return (MONTHS[p.month - 1] ?? '').slice(0, 3);
      case 'MM':
        return pad(p.month);
      case 'M':
        return String(p.month);
      case 'dd':
        return pad(p.day);
      case 'd':
        return String(p.day);
      case 'EEEE':
        return DAYS[p.weekday] ?? '';
      case 'EEE':
        return (DAYS[p.weekday] ?? '').slice(0, 3);
      case 'HH':
        return pad(p.hour);
      case 'H':
        return String(p.hour);
      case 'hh':
        return pad(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return pad(p.minute);
      case 'm':
        return String(p.minute);
      case 'ss':
        return pad(p.second);
      case 's':
        return String(p.second);
      case 'SSS':
        return pad(p.millisecond, 3);
      case 'a':
        return p.hour < 12 ? 'AM' : 'PM';
      default:
        return token;
    }
  });
}

/** {{#equals a b}}…{{else}}…{{/equals}} (loose equality, so "1" equals 1). */
templates.registerHelper('equals', function (this: unknown, a: unknown, b: unknown, options: HelperOptions) {
  // biome-ignore lint/suspicious/noDoubleEquals: template authors compare payload strings with numbers
  const same = a == b;
  if (!isOptions(options) || typeof options.fn !== 'function') return same;
  return same ? options.fn(this) : options.inverse(this);
});

templates.registerHelper('titlecase', (value: unknown) =>
  asText(value)
    .toLowerCase()
    .replace(
      /(^|[\s\-_/])(\p{L})/gu,
      (_, separator: string, letter: string) => separator + letter.toUpperCase(),
    ),
);
templates.registerHelper('uppercase', (value: unknown) => asText(value).toUpperCase());
templates.registerHelper('lowercase', (value: unknown) => asText(value).toLowerCase());

/** {{pluralize count "item" "items"}}: the singular for 1, else the plural (singular + "s" when absent). */
templates.registerHelper('pluralize', (count: unknown, singular: unknown, plural: unknown) => {
  const one = asText(singular);
  const many = isOptions(plural) || plural === undefined ? `${one}s` : asText(plural);
  return Number(count) === 1 ? one : many;
});

/** {{dateFormat date "dd MMM yyyy, hh:mm a" "Asia/Kolkata"}} */
templates.registerHelper('dateFormat', (date: unknown, format: unknown, timeZone: unknown) =>
  formatDate(date, isOptions(format) ? undefined : format, isOptions(timeZone) ? undefined : timeZone),
);

/** {{#each (unique items "city")}}: the distinct values of a property (or the distinct items). */
templates.registerHelper('unique', (items: unknown, property: unknown) => {
  if (!Array.isArray(items)) return [];
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const item of items) {
    const value = pick(item, isOptions(property) ? undefined : property);
    const key = JSON.stringify(value) ?? 'undefined';
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
});

/** {{#each (groupBy items "status")}} {{key}}: {{items.length}} {{/each}} */
templates.registerHelper('groupBy', (items: unknown, property: unknown) => {
  if (!Array.isArray(items)) return [];
  const groups = new Map<string, { key: unknown; items: unknown[] }>();
  for (const item of items) {
    const key = pick(item, isOptions(property) ? undefined : property);
    const id = JSON.stringify(key) ?? 'undefined';
    const group = groups.get(id) ?? { key, items: [] };
    group.items.push(item);
    groups.set(id, group);
  }
  return [...groups.values()];
});

/** {{#each (sortBy items "amount")}}: a sorted copy, ascending, stable. */
templates.registerHelper('sortBy', (items: unknown, property: unknown) => {
  if (!Array.isArray(items)) return [];
  const key = isOptions(property) ? undefined : property;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(pick(a.item, key), pick(b.item, key)) || a.index - b.index)
    .map(({ item }) => item);
});

/** Compiled templates by mode and source, the 2,000 most recently used. */
const cache = boundedLru<string, Handlebars.TemplateDelegate>(2000);

/**
 * How a rendered value is used: `html` (in-app and email bodies, injected as HTML) escapes what
 * `{{…}}` inserts; `text` (URLs, button labels, subjects, SMS) inserts values as they are.
 */
export type RenderMode = 'html' | 'text';

/** The compiled template (cached); throws on a syntax error. */
export function compileTemplate(source: string, mode: RenderMode = 'html'): Handlebars.TemplateDelegate {
  const key = `${mode}:${source}`;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = templates.compile(source, { strict: false, noEscape: mode === 'text' });
    // Compilation is lazy: render once with nothing to surface syntax errors now.
    compiled({});
    cache.set(key, compiled);
  }
  return compiled;
}

/** Renders `source` with `context`; an empty or missing template renders as ''. */
/**
 * Renders a step's template for a subscriber: the template, then every `{address}` link of the
 * result rewritten to the files host (lib/file-links.ts) when one is given.
 */
export function renderContent(
  source: string | undefined,
  context: Record<string, unknown>,
  mode: RenderMode,
  filesHost: string | undefined,
): string {
  const rendered = renderTemplate(source, context, mode);
  return filesHost === undefined ? rendered : resolveFileLinks(rendered, filesHost);
}

export function renderTemplate(
  source: string | undefined | null,
  context: Record<string, unknown>,
  mode: RenderMode = 'html',
): string {
  if (!source) return '';
  if (!source.includes('{{')) return source;
  return compileTemplate(source, mode)(context);
}

/** The syntax error of a template, or null when it compiles. */
export function templateError(source: string | undefined | null): string | null {
  if (!source?.includes('{{')) return null;
  try {
    compileTemplate(source);
    return null;
  } catch (error) {
    return error instanceof Error ? (error.message.split('\n')[0] ?? 'invalid template') : 'invalid template';
  }
}

/** Parsed templates by source, the 2,000 most recently used; `false` for one that does not parse. */
const parsed = boundedLru<string, hbs.AST.Program | false>(2000);

/** The template's syntax tree (cached; not to be modified), or null when it does not parse. */
function parseTemplate(source: string): hbs.AST.Program | null {
  let ast = parsed.get(source);
  if (ast === undefined) {
    try {
      ast = templates.parse(source);
    } catch {
      ast = false;
    }
    parsed.set(source, ast);
  }
  return ast === false ? null : ast;
}

/** Names of the render context that differ from one job of an event to the next. */
const PER_JOB_NAMES = new Set(['subscriber', 'step']);

/** Statement kinds that read names the walk below cannot see (partials, decorators). */
const OPAQUE_NODES = new Set(['PartialStatement', 'PartialBlockStatement', 'Decorator', 'DecoratorBlock']);

/** Whether a template's output is the same for every job of an event, by source (bounded). */
const sameForEveryJob = boundedLru<string, boolean>(2000);

/**
 * True when the template reads nothing that differs between the jobs of one event — no
 * `subscriber.*`, no `step.*` (a digest's events), and nothing that could reach them (`this`,
 * `../`, `@root`, partials) — so one render serves every subscriber. Helpers are pure. False when
 * unsure or when it does not parse (each job then renders, and fails, on its own).
 */
export function rendersSameForEveryJob(source: string | undefined | null): boolean {
  if (!source?.includes('{{')) return true;
  let same = sameForEveryJob.get(source);
  if (same === undefined) {
    const ast = parseTemplate(source);
    same = ast !== null && readsNoPerJobName(ast);
    sameForEveryJob.set(source, same);
  }
  return same;
}

function readsNoPerJobName(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(readsNoPerJobName);
  if (node === null || typeof node !== 'object') return true;
  const { type } = node as { type?: unknown };
  if (typeof type === 'string' && OPAQUE_NODES.has(type)) return false;
  if (type === 'PathExpression') {
    const path = node as hbs.AST.PathExpression;
    const [head] = path.parts;
    if (head === undefined || path.depth > 0) return false;
    if (path.data) return head !== 'root';
    return !PER_JOB_NAMES.has(head);
  }
  return Object.entries(node).every(([key, value]) => key === 'loc' || readsNoPerJobName(value));
}

/**
 * The payload variables a template reads (`{{title}}`, `{{#if body}}`, `{{payload.url}}`), without
 * helpers, `subscriber.*`, `actor.*`, `this` and block-local names: what GET /v1/workflows lists as
 * the trigger's variables.
 */
export function templateVariables(source: string | undefined | null): string[] {
  if (!source?.includes('{{')) return [];
  const ast = parseTemplate(source);
  if (ast === null) return [];
  const names = new Set<string>();
  const helpers = new Set(Object.keys(templates.helpers));
  const visitPath = (node: hbs.AST.Expression) => {
    if (node.type !== 'PathExpression') return;
    const path = node as hbs.AST.PathExpression;
    if (path.data || path.depth > 0 || path.parts.length === 0) return;
    const [head] = path.parts;
    if (!head || head === 'subscriber' || head === 'actor' || head === 'tenant' || head === 'step') return;
    const parts = head === 'payload' ? path.parts.slice(1) : path.parts;
    if (parts.length > 0) names.add(parts.join('.'));
  };
  const visitParams = (params: hbs.AST.Expression[], hash: hbs.AST.Hash | undefined) => {
    for (const param of params) visitExpression(param);
    for (const pair of hash?.pairs ?? []) visitExpression(pair.value);
  };
  const visitExpression = (node: hbs.AST.Expression) => {
    if (node.type === 'SubExpression') {
      const sub = node as hbs.AST.SubExpression;
      visitParams(sub.params, sub.hash);
      return;
    }
    visitPath(node);
  };
  const visitProgram = (program: hbs.AST.Program | undefined, inBlock: boolean) => {
    for (const statement of program?.body ?? []) {
      if (statement.type === 'MustacheStatement') {
        const mustache = statement as hbs.AST.MustacheStatement;
        const path = mustache.path as hbs.AST.PathExpression;
        const isHelper = path.type === 'PathExpression' && helpers.has(path.original);
        if (!isHelper && mustache.params.length === 0 && !inBlock) visitPath(mustache.path);
        visitParams(mustache.params, mustache.hash);
      } else if (statement.type === 'BlockStatement') {
        const block = statement as hbs.AST.BlockStatement;
        visitParams(block.params, block.hash);
        const name = (block.path as hbs.AST.PathExpression).original;
        // Inside each/with the context changes: names there are not payload variables.
        const changesContext = name === 'each' || name === 'with' || !helpers.has(name);
        visitProgram(block.program, inBlock || changesContext);
        visitProgram(block.inverse, inBlock);
      }
    }
  };
  visitProgram(ast, false);
  return [...names].sort();
}

/** Payload names tested by `{{#if name}}` / `{{#unless name}}`: the template treats them as optional. */
function optionalVariables(source: string | undefined | null): Set<string> {
  const names = new Set<string>();
  if (!source?.includes('{{')) return names;
  const ast = parseTemplate(source);
  if (ast === null) return names;
  const visit = (program: hbs.AST.Program | undefined) => {
    for (const statement of program?.body ?? []) {
      if (statement.type !== 'BlockStatement') continue;
      const block = statement as hbs.AST.BlockStatement;
      const name = (block.path as hbs.AST.PathExpression).original;
      if (name === 'if' || name === 'unless') {
        for (const param of block.params) {
          if (param.type !== 'PathExpression') continue;
          const parts = (param as hbs.AST.PathExpression).parts;
          names.add((parts[0] === 'payload' ? parts.slice(1) : parts).join('.'));
        }
      }
      visit(block.program);
      visit(block.inverse);
    }
  };
  visit(ast);
  return names;
}

/**
 * The payload variables these templates print that the trigger did not send (`{{order.id}}`
 * without `payload.order.id`): recorded as execution code 3011 while the step still runs. Names
 * a template tests with `#if`/`#unless` are optional and not reported.
 */
export function missingPayloadVariables(
  sources: readonly (string | undefined | null)[],
  payload: Record<string, unknown>,
): string[] {
  const optional = new Set(sources.flatMap((source) => [...optionalVariables(source)]));
  const missing = new Set<string>();
  for (const source of sources)
    for (const name of templateVariables(source)) {
      if (optional.has(name)) continue;
      let value: unknown = payload;
      for (const key of name.split('.')) {
        value =
          value !== null && typeof value === 'object' && Object.hasOwn(value, key)
            ? (value as Record<string, unknown>)[key]
            : undefined;
      }
      if (value === undefined) missing.add(name);
    }
  return [...missing].sort();
}
