import { describe, expect, it } from 'vitest';
import { formatRupeesHeadline } from './components/sales-breakdown';

describe('formatRupeesHeadline', () => {
  it('shows whole rupees below a crore', () => {
    expect(formatRupeesHeadline(1_234_567_00)).toBe('₹12,34,567');
    expect(formatRupeesHeadline(0)).toBe('₹0');
  });

  it('shows crores from a crore up, so a network total fits its tile', () => {
    expect(formatRupeesHeadline(1_877_741_800)).toBe('₹1.88 crore');
    expect(formatRupeesHeadline(1_000_000_000)).toBe('₹1 crore');
    expect(formatRupeesHeadline(152_500_000_000)).toBe('₹152.5 crore');
  });
});
