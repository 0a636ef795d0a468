import { describe, expect, it } from 'vitest';
import {
  canTransitionIncident,
  INCIDENT_GROUPS,
  INCIDENT_STATUSES,
  INCIDENT_TRANSITIONS,
  INCIDENT_TYPE_GROUPS,
  INCIDENT_TYPES,
  ZIncident,
  ZIncidentList,
  ZIncidentListQuery,
} from './incident';

const incident = {
  id: 42,
  number: 123,
  stationId: 7,
  dispenserId: 3,
  group: 'equipment',
  type: 'dispenser_fault',
  severity: 'high',
  status: 'acknowledged',
  title: 'DU-03 nozzle 2 not dispensing',
  description: 'Flow meter error E17.',
  assigneeUserId: null,
  openedAt: '2024-03-15T03:00:00.000Z',
  acknowledgedAt: '2024-03-15T03:05:00.000Z',
  resolvedAt: null,
  closedAt: null,
  slaDueAt: '2024-03-15T07:00:00.000Z',
};

describe('incident enums', () => {
  it('list the product’s types and statuses', () => {
    expect(INCIDENT_TYPES).toEqual([
      'dispenser_fault',
      'drive_off',
      'queue_congestion',
      'price_mismatch',
      'safety',
      'anpr_watchlist_hit',
      'payment_failure',
    ]);
    expect(INCIDENT_STATUSES).toEqual(['open', 'acknowledged', 'resolved', 'closed']);
  });

  it('put every type in a known group, and use every group', () => {
    for (const type of INCIDENT_TYPES) expect(INCIDENT_GROUPS).toContain(INCIDENT_TYPE_GROUPS[type]);
    expect(new Set(Object.values(INCIDENT_TYPE_GROUPS))).toEqual(new Set(INCIDENT_GROUPS));
  });
});

describe('incident transitions', () => {
  it('move work forward and allow reopening a resolved incident', () => {
    expect(canTransitionIncident('open', 'acknowledged')).toBe(true);
    expect(canTransitionIncident('acknowledged', 'resolved')).toBe(true);
    expect(canTransitionIncident('resolved', 'open')).toBe(true);
    expect(canTransitionIncident('resolved', 'closed')).toBe(true);
  });

  it('never go backwards to acknowledged or stay put; closed may only be reopened', () => {
    expect(canTransitionIncident('resolved', 'acknowledged')).toBe(false);
    expect(canTransitionIncident('open', 'open')).toBe(false);
    for (const to of INCIDENT_STATUSES) expect(canTransitionIncident('closed', to)).toBe(to === 'open');
    expect(INCIDENT_TRANSITIONS.closed).toEqual(['open']);
  });
});

describe('ZIncident', () => {
  it('parses the wire shape', () => {
    expect(ZIncident.parse(incident)).toEqual(incident);
  });

  it('rejects unknown types, severities and a zero number', () => {
    expect(ZIncident.safeParse({ ...incident, type: 'fire' }).success).toBe(false);
    expect(ZIncident.safeParse({ ...incident, severity: 'urgent' }).success).toBe(false);
    expect(ZIncident.safeParse({ ...incident, number: 0 }).success).toBe(false);
  });

  it('wraps a page', () => {
    expect(ZIncidentList.safeParse({ count: 1, pages: 1, results: [incident] }).success).toBe(true);
  });
});

describe('ZIncidentListQuery', () => {
  it('defaults to 40 per page, newest first by openedAt', () => {
    expect(ZIncidentListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'openedAt', direction: 'desc' },
    });
  });

  it('filters by station, group, status and type', () => {
    const query = ZIncidentListQuery.parse({
      station: ['3', '7,9'],
      group: 'revenue',
      status: 'open,acknowledged',
      type: 'drive_off',
    });
    expect(query).toMatchObject({
      station: [3, 7, 9],
      group: ['revenue'],
      status: ['open', 'acknowledged'],
      type: ['drive_off'],
    });
  });

  it('rejects non-numeric stations and unknown values', () => {
    expect(ZIncidentListQuery.safeParse({ station: 'andheri-east' }).success).toBe(false);
    expect(ZIncidentListQuery.safeParse({ group: 'misc' }).success).toBe(false);
    expect(ZIncidentListQuery.safeParse({ status: 'pending' }).success).toBe(false);
  });
});
