// Violation (no-package-imports-app): a package importing an app.
import { invoiceFor } from '../../../apps/server/src/modules/billing/billing.service';

export const kit = () => invoiceFor(1);
