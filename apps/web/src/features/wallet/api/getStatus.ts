import type { OrderStatusAnswer } from '@aposta/contract';
import { http } from '../../../lib/http';

// GET /api/app/order/getStatus/{orderId}: '00' pending, '10' paid, '01' cancelled, '-01' failed or expired.
export function fetchOrderStatus(orderId: number): Promise<OrderStatusAnswer> {
  // Silent: the payment popup shows what went wrong in place (spec.md section 8, order calls).
  return http.get<OrderStatusAnswer>(`/api/app/order/getStatus/${orderId}`, { silent: true });
}
