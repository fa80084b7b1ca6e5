// A paid deposit is announced once, whichever tells the app first: the server's paySuccess push or the payment
// page's own status poll (a push sent while the socket was reconnecting is never delivered).
const announced = new Set<number>();

/** True the first time an order is announced; an order without an id (an old server) is always announced. */
export function firstAnnouncement(orderId: number | undefined): boolean {
  if (orderId === undefined) return true;
  if (announced.has(orderId)) return false;
  announced.add(orderId);
  return true;
}
