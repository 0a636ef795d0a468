import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvCell,
  csvDocument,
  csvHeaderOf,
  csvInstant,
  csvKindOf,
  csvLine,
  csvValue,
  csvWriter,
} from './csv';

describe('csv cells', () => {
  it('quote per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvLine(['x', 1, null])).toBe('x,1,\r\n');
  });

  it('defuse formulas in text but leave numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+91 98000')).toBe("'+91 98000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-250)).toBe('-250');
  });

  it('defuse pipe (DDE) and full-width formula starters', () => {
    expect(csvCell('|calc!A1')).toBe("'|calc!A1");
    expect(csvCell('＝SUM(A1)')).toBe("'＝SUM(A1)");
    expect(csvCell('＋1')).toBe("'＋1");
    expect(csvCell('－1')).toBe("'－1");
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(csvCell('a|b')).toBe('a|b');
  });
});

describe('csv columns people read', () => {
  it('name headers in words, with the unit of money and the zone of instants', () => {
    expect(csvHeaderOf('vehicleRegistration')).toBe('Vehicle registration');
    expect(csvHeaderOf('cardId')).toBe('Card ID');
    expect(csvHeaderOf('last4')).toBe('Last 4');
    expect(csvHeaderOf('dailyLimitPaise')).toBe('Daily limit (₹)');
    expect(csvHeaderOf('openedAt')).toBe('Opened at (IST)');
    expect(csvHeaderOf('isFuelProvider')).toBe('Fuel provider');
    expect(csvHeaderOf('acknowledgeSla')).toBe('Acknowledge SLA');
    expect(csvHeaderOf('status')).toBe('Status');
  });

  it('tell money and instants by the field name only', () => {
    expect(csvKindOf('amountPaise')).toBe('money');
    expect(csvKindOf('closedAt')).toBe('instant');
    expect(csvKindOf('paisa')).toBe('plain');
    expect(csvKindOf('format')).toBe('plain');
    expect(csvKindOf('joinedOn')).toBe('plain');
  });

  it('write money in rupees, exactly, and never as a guarded formula', () => {
    expect(csvValue('money', 12_345_678)).toBe('123456.78');
    expect(csvValue('money', -5)).toBe('-0.05');
    expect(csvValue('money', 0)).toBe('0.00');
    expect(csvValue('money', 900_719_925_474_099_123n)).toBe('9007199254740991.23');
    expect(csvValue('money', null)).toBe('');
  });

  it('write instants in IST with the offset', () => {
    expect(csvInstant('2026-11-25T09:02:05.123Z')).toBe('2026-11-25 14:32:05 +05:30');
    // 20:00 UTC is already the next day in India.
    expect(csvInstant('2026-11-25T20:00:00Z')).toBe('2026-11-26 01:30:00 +05:30');
    expect(csvInstant('2026-11-25T14:32:05+05:30')).toBe('2026-11-25 14:32:05 +05:30');
    expect(csvInstant(null)).toBe('');
    expect(csvValue('instant', 'not a time')).toBe('not a time');
  });

  it('write a whole file with its byte-order mark', () => {
    type Row = { id: number; amountPaise: number; createdAt: string; note: string };
    const rows: Row[] = [{ id: 7, amountPaise: 10_050, createdAt: '2026-01-01T00:00:00Z', note: '=1+1' }];
    const text = csvDocument<Row>(
      [
        { key: 'id', value: (r) => r.id },
        { key: 'amountPaise', value: (r) => r.amountPaise },
        { key: 'createdAt', value: (r) => r.createdAt },
        { key: 'note', header: 'Remark', value: (r) => r.note },
      ],
      rows,
    );
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      "ID,Amount (₹),Created at (IST),Remark\r\n7,100.50,2026-01-01 05:30:00 +05:30,'=1+1\r\n",
    );
  });

  it('let a column say its kind when the name does not', () => {
    const writer = csvWriter<{ limit: number }>([{ key: 'limit', kind: 'money', value: (r) => r.limit }]);
    expect(writer.header).toBe('Limit (₹)\r\n');
    expect(writer.row({ limit: 250 })).toBe('2.50\r\n');
  });
});
