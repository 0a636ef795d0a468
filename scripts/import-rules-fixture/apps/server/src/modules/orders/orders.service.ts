import { shippingLabel } from '../shipping/shipping.service';
import { findOrder } from './orders.repository';

export const orderLabel = (id: number) => shippingLabel(findOrder(id).id);
