import type { TPaymentMode } from '@forecourt/contracts';
import type { CustomerModel, SeedContext, StationModel } from './context';
import type { Random } from './random';
import type { PoolVehicle } from './vehicles';

/**
 * Payment rows for a fill: one successful payment, sometimes preceded by failed attempts (UPI
 * timeouts, card declines). References follow the shape of each rail: a 12-digit UPI RRN, a
 * masked card number with EDC batch and invoice, a fleet or loyalty card's last four digits,
 * a cash bill number or the credit account code. Acquirer names are invented.
 */
const ACQUIRERS = ['Kaveri Bank', 'Trinetra Bank', 'Narmada Payments Bank', 'Meghdoot Bank'] as const;
const UPI_CHANNELS = ['UPI QR', 'UPI intent', 'UPI collect'] as const;
const FAILURE: Record<TPaymentMode, number> = {
  upi: 0.04,
  card: 0.03,
  fleet_card: 0.012,
  loyalty: 0.01,
  cash: 0,
  credit: 0,
};

export class PaymentWriter {
  private readonly billNumber = new Map<number, number>();
  /** Failed attempts written so far. */
  failures = 0;

  constructor(private readonly ctx: SeedContext) {}

  /** Writes the payment rows of one transaction; returns when it was paid. */
  write(
    rng: Random,
    station: StationModel,
    transactionId: number,
    endedAt: number,
    mode: TPaymentMode,
    amountPaise: number,
    vehicle: PoolVehicle | null,
    customer: CustomerModel | null,
  ): number {
    const sink = this.ctx.sinks.payments;
    const orgId = station.org.id;
    let at = endedAt + rng.int(8, 40) * 1000;
    if (rng.chance(FAILURE[mode])) {
      const attempts = rng.chance(0.2) ? 2 : 1;
      for (let i = 0; i < attempts; i++) {
        const { reference, provider } = this.details(rng, station, mode, vehicle, customer);
        sink.push([
          this.ctx.ids.next('payments'),
          orgId,
          station.id,
          transactionId,
          at,
          mode,
          amountPaise,
          'failed',
          reference,
          provider,
        ]);
        this.failures++;
        at += rng.int(20, 90) * 1000;
      }
    }
    const { reference, provider } = this.details(rng, station, mode, vehicle, customer);
    sink.push([
      this.ctx.ids.next('payments'),
      orgId,
      station.id,
      transactionId,
      at,
      mode,
      amountPaise,
      'success',
      reference,
      provider,
    ]);
    return at;
  }

  private details(
    rng: Random,
    station: StationModel,
    mode: TPaymentMode,
    vehicle: PoolVehicle | null,
    customer: CustomerModel | null,
  ): { reference: string; provider: string } {
    switch (mode) {
      case 'upi':
        return {
          reference: `${rng.int(3, 5)}${rng.digits(11)}`,
          provider: `${rng.pick(UPI_CHANNELS)} · ${rng.pick(ACQUIRERS)}`,
        };
      case 'card':
        return {
          reference: `XXXXXXXXXXXX${rng.digits(4)} B${rng.int(100, 999)}/INV${rng.digits(6)}`,
          provider: `EDC · ${rng.pick(ACQUIRERS)}`,
        };
      case 'fleet_card':
        return vehicle?.cardLast4
          ? { reference: `FC XXXX${vehicle.cardLast4}`, provider: station.org.plan.program.name }
          : { reference: `FC XXXX${rng.digits(4)}`, provider: 'Other fleet card' };
      case 'loyalty':
        return {
          reference: `LC XXXX${vehicle?.cardLast4 ?? rng.digits(4)}`,
          provider: station.org.plan.program.name,
        };
      case 'credit':
        return {
          reference: `CR/${station.org.plan.code}/${customer?.id ?? rng.int(1, 999)}`,
          provider: 'Dealer credit',
        };
      case 'cash': {
        const next = (this.billNumber.get(station.id) ?? 0) + 1;
        this.billNumber.set(station.id, next);
        return { reference: `${station.code}/B${String(next).padStart(7, '0')}`, provider: 'Cash' };
      }
    }
  }
}
