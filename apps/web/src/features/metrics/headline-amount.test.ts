import { describe, expect, it } from 'vitest';
import { formatRupeesHeadline } from './components/sales-breakdown';
import { formatInrCompact } from './format';

describe('formatRupeesHeadline', () => {
  it('shows whole rupees below a crore', () => {
    expect(formatRupeesHeadline(1_234_567_00)).toBe('₹12,34,567');
    expect(formatRupeesHeadline(0)).toBe('₹0');
  });

  it('from a crore up, uses the en-GB compact form of the charts, so a network total fits its tile', () => {
    expect(formatRupeesHeadline(1_877_741_800)).toBe('₹18.8m');
    expect(formatRupeesHeadline(1_000_000_000)).toBe('₹10m');
    expect(formatRupeesHeadline(152_500_000_000)).toBe('₹1.5bn');
    expect(formatRupeesHeadline(20_300_000_000)).toBe(formatInrCompact(20_300_000_000));
  });
});
