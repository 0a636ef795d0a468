import { describe, expect, it } from 'vitest';
import {
  formatDate,
  rendersSameForEveryJob,
  renderTemplate,
  templateError,
  templateVariables,
} from './templates';
import { safeUrl } from './worker-plan';

const render = (source: string, context: Record<string, unknown> = {}) => renderTemplate(source, context);

describe('template helpers', () => {
  it('equals: block form with else, and inline', () => {
    const source = '{{#equals status "paid"}}Paid{{else}}Due{{/equals}}';
    expect(render(source, { status: 'paid' })).toBe('Paid');
    expect(render(source, { status: 'open' })).toBe('Due');
    expect(render('{{#equals count 2}}two{{/equals}}', { count: '2' })).toBe('two');
    expect(render('{{#if (equals a b)}}same{{/if}}', { a: 1, b: 1 })).toBe('same');
  });

  it('titlecase, uppercase, lowercase (missing values render empty)', () => {
    expect(render('{{titlecase name}}', { name: 'sahyog fuels-WEST pump' })).toBe('Sahyog Fuels-West Pump');
    expect(render('{{uppercase code}}', { code: 'mh12ab1234' })).toBe('MH12AB1234');
    expect(render('{{lowercase code}}', { code: 'IOCL' })).toBe('iocl');
    expect(render('[{{uppercase missing}}]')).toBe('[]');
  });

  it('pluralize: the singular for exactly 1, else the plural (default: singular + s)', () => {
    expect(render('{{pluralize n "litre" "litres"}}', { n: 1 })).toBe('litre');
    expect(render('{{pluralize n "litre" "litres"}}', { n: 0 })).toBe('litres');
    expect(render('{{pluralize n "litre" "litres"}}', { n: 12 })).toBe('litres');
    expect(render('{{pluralize n "pump"}}', { n: 3 })).toBe('pumps');
  });

  it('dateFormat: date-fns tokens, UTC by default, an optional time zone; non-dates come back as text', () => {
    const at = '2025-03-14T10:05:09.000Z';
    expect(render('{{dateFormat at "dd MMM yyyy, HH:mm:ss"}}', { at })).toBe('14 Mar 2025, 10:05:09');
    expect(render('{{dateFormat at "EEEE d MMMM yy, h:mm a" "Asia/Kolkata"}}', { at })).toBe(
      'Friday 14 March 25, 3:35 PM',
    );
    expect(render('{{dateFormat at "yyyy-MM-dd\'T\'HH:mm"}}', { at })).toBe('2025-03-14T10:05');
    expect(render('{{dateFormat at "[Day] d"}}', { at: Date.UTC(2025, 0, 2) })).toBe('Day 2');
    expect(render('{{dateFormat at "yyyy"}}', { at: 'not a date' })).toBe('not a date');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 23, 0)), 'hh a SSS', 'Nowhere/Zone')).toBe('11 PM 000');
  });

  it('unique, groupBy and sortBy work on arrays of objects (and give [] otherwise)', () => {
    const fills = [
      { station: 'Baner', fuel: 'diesel', amount: 300 },
      { station: 'Aundh', fuel: 'petrol', amount: 120 },
      { station: 'Baner', fuel: 'petrol', amount: 80 },
    ];
    expect(render('{{#each (unique fills "station")}}{{this}};{{/each}}', { fills })).toBe('Baner;Aundh;');
    expect(render('{{#each (groupBy fills "fuel")}}{{key}}={{items.length}};{{/each}}', { fills })).toBe(
      'diesel=1;petrol=2;',
    );
    expect(render('{{#each (sortBy fills "amount")}}{{amount}},{{/each}}', { fills })).toBe('80,120,300,');
    expect(render('{{#each (sortBy fills "station")}}{{station}}-{{amount}},{{/each}}', { fills })).toBe(
      'Aundh-120,Baner-300,Baner-80,',
    );
    expect(render('{{#each (unique nothing "x")}}x{{/each}}', { nothing: 'text' })).toBe('');
    expect(render('{{#each (unique tags)}}{{this}} {{/each}}', { tags: ['a', 'b', 'a'] })).toBe('a b ');
  });

  it('escapes HTML in {{…}} and not in {{{…}}}; refuses prototype access', () => {
    expect(render('{{x}}|{{{x}}}', { x: '<b>&</b>' })).toBe('&lt;b&gt;&amp;&lt;/b&gt;|<b>&</b>');
    expect(render('{{constructor.name}}{{__proto__}}', { a: 1 })).toBe('');
  });

  it('reports syntax errors and the variables a template reads', () => {
    expect(templateError('Hello {{#if x}}')).toEqual(expect.any(String));
    expect(templateError('Hello {{name}}')).toBeNull();
    expect(templateError('plain text')).toBeNull();
    expect(
      templateVariables(
        '{{title}} {{#if body}}{{body}}{{/if}} {{subscriber.firstName}} {{payload.url}} {{titlecase city}} {{#each items}}{{name}}{{/each}}',
      ),
    ).toEqual(['body', 'city', 'items', 'title', 'url']);
  });

  it('renders URLs, labels and subjects as text (no HTML escaping); unsafe link schemes are dropped', () => {
    const context = { url: '/orders?id=7&tab=items', label: 'Fish & chips' };
    expect(renderTemplate('{{url}}', context)).toBe('/orders?id&#x3D;7&amp;tab&#x3D;items');
    expect(renderTemplate('{{url}}', context, 'text')).toBe('/orders?id=7&tab=items');
    expect(renderTemplate('{{label}}', context, 'text')).toBe('Fish & chips');
    expect(safeUrl('https://forecourt.test/a?b=1')).toBe('https://forecourt.test/a?b=1');
    expect(safeUrl('/stations/baner')).toBe('/stations/baner');
    expect(safeUrl('mailto:ops@forecourt.test')).toBe('mailto:ops@forecourt.test');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(safeUrl(bad)).toBe('');
    }
  });

  it('tells templates that render the same for every job of an event from those that read per-job names', () => {
    for (const same of [
      undefined,
      'plain text',
      '<strong>{{title}}</strong>{{#if body}}<br>{{body}}{{/if}}',
      '{{payload.url}} {{tenant.name}} {{actor.firstName}} {{titlecase city}}',
      '{{#each items}}{{name}} {{@index}}{{/each}}',
      '{{lookup payload "subscriber"}}',
    ]) {
      expect(rendersSameForEveryJob(same), String(same)).toBe(true);
    }
    for (const perJob of [
      'Hi {{subscriber.firstName}}',
      '{{#if subscriber.data.vip}}VIP{{/if}}',
      '{{uppercase subscriber.lastName}}',
      '{{step.total_count}} new',
      '{{#each items}}{{../subscriber.firstName}}{{/each}}',
      '{{@root.subscriber.email}}',
      '{{lookup this "subscriber"}}',
      '{{#with this}}{{title}}{{/with}}',
      '{{> header}}',
      '{{#if}}',
    ]) {
      expect(rendersSameForEveryJob(perJob), perJob).toBe(false);
    }
  });
});
