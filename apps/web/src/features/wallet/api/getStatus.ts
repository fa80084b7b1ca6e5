import type { OrderStatusAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/order/getStatus/{orderId}: '00' pending, '10' paid, '01' cancelled, '-01' failed or expired.
export function fetchOrderStatus(orderId: number): Promise<OrderStatusAnswer> {
  // Silent: the payment popup shows what went wrong in place (spec.md section 8, order calls).
  return playerApi('GET /api/app/order/getStatus/:orderId', { params: { orderId }, silent: true });
}
