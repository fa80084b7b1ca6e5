import type { OrderStatusAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/order/cancel/{orderId} ('Cancelar recarga'): a pending deposit becomes '01' and its PIX charge is
// removed at the provider. 409 when the order was paid first.
export function cancelOrder(orderId: number): Promise<OrderStatusAnswer> {
  // Silent: a 409 means the payment won the race, which the popup resolves by checking the order.
  return playerApi('POST /api/app/order/cancel/:orderId', { params: { orderId }, silent: true });
}
