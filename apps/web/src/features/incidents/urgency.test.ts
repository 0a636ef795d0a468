import { describe, expect, it } from 'vitest';
import { incidentUrgency, urgencyColor } from './urgency';

const MINUTE = 60_000;

describe('incident urgency tone', () => {
  it('a critical incident with 5 minutes of SLA left is urgent red, not blue', () => {
    expect(incidentUrgency('critical', 5 * MINUTE, 'open')).toBe('urgent');
    expect(urgencyColor('critical', 5 * MINUTE, 'open')).toBe('red');
  });

  it('anything past its SLA is urgent, whatever its severity', () => {
    expect(incidentUrgency('low', -MINUTE, 'acknowledged')).toBe('urgent');
  });

  it('the last 15 minutes raise low and medium to high, high and critical to urgent', () => {
    expect(incidentUrgency('low', 10 * MINUTE, 'open')).toBe('high');
    expect(incidentUrgency('medium', 15 * MINUTE, 'open')).toBe('high');
    expect(incidentUrgency('high', 14 * MINUTE, 'open')).toBe('urgent');
  });

  it('the last hour raises the severity one step', () => {
    expect(incidentUrgency('low', 45 * MINUTE, 'open')).toBe('elevated');
    expect(incidentUrgency('medium', 45 * MINUTE, 'open')).toBe('high');
    expect(incidentUrgency('high', 60 * MINUTE, 'open')).toBe('urgent');
  });

  it('with time to spare the severity decides', () => {
    expect(incidentUrgency('low', 5 * 60 * MINUTE, 'open')).toBe('normal');
    expect(incidentUrgency('medium', 5 * 60 * MINUTE, 'open')).toBe('elevated');
    expect(incidentUrgency('critical', 5 * 60 * MINUTE, 'open')).toBe('urgent');
    expect(incidentUrgency('high', null, 'open')).toBe('high');
  });

  it('resolved and closed incidents are done', () => {
    expect(incidentUrgency('critical', -MINUTE, 'resolved')).toBe('done');
    expect(urgencyColor('critical', 5 * MINUTE, 'closed')).toBe('teal');
  });
});
