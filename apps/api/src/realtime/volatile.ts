import type { Server } from 'socket.io';

/**
 * A volatile broadcast (a stream of ticks where only the newest counts, e.g. crash's multiplier) on one process,
 * written with as little per-socket work as there can be: the packet is encoded once (`42["event",{…}]`, the
 * engine.io message packet of a socket.io event on the default namespace, as socket.io writes it) and framed once
 * (one unmasked WebSocket text frame), then each WebSocket's TCP socket gets that same Buffer in one write. A socket
 * with anything still waiting to be written (engine.io's buffer, ws's queue, the TCP socket's own buffer: a slow
 * client) skips the tick instead of queueing it, so no backlog builds. Sockets still on HTTP long-polling (rare:
 * the web client prefers WebSocket) get it through socket.io's own volatile emit, encoded once for them all.
 *
 * Answers how many sockets were written to and how many skipped.
 */
export function writeVolatile(
  io: Server,
  event: string,
  payload: unknown,
): { written: number; skipped: number } {
  const text = `42${JSON.stringify([event, payload])}`;
  const frame = textFrame(Buffer.from(text));
  const polling: string[] = [];
  let written = 0;
  let skipped = 0;
  for (const [id, socket] of io.of('/').sockets) {
    const tcp = writableWebSocket(socket.conn as unknown as EngineSocket);
    if (tcp === 'polling') polling.push(id);
    else if (tcp) {
      tcp.write(frame);
      written++;
    } else skipped++;
  }
  if (polling.length > 0) io.volatile.to(polling).emit(event, payload);
  return { written, skipped };
}

/** The parts of engine.io's socket and ws's WebSocket read here (not in their public types). */
interface EngineSocket {
  readyState: string;
  upgrading?: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    socket?: { readyState: number; _socket?: TcpLike; _sender?: { _state?: number; _queue?: unknown[] } };
  };
}

interface TcpLike {
  write(data: Buffer): boolean;
  writableLength: number;
  destroyed: boolean;
}

/** The TCP socket to write a tick to now, 'polling' for a socket not on WebSocket, undefined to skip it. */
function writableWebSocket(conn: EngineSocket): TcpLike | 'polling' | undefined {
  if (conn.readyState !== 'open') return undefined;
  const transport = conn.transport;
  if (transport.name !== 'websocket' || conn.upgrading) return 'polling';
  const ws = transport.socket;
  const tcp = ws?._socket;
  const idle =
    transport.writable &&
    conn.writeBuffer.length === 0 &&
    ws?.readyState === 1 &&
    (ws._sender?._queue?.length ?? 0) === 0 &&
    tcp !== undefined &&
    !tcp.destroyed &&
    tcp.writableLength === 0;
  return idle ? tcp : undefined;
}

/** One final, unmasked WebSocket text frame (RFC 6455 §5.2), as a server sends it. */
export function textFrame(data: Buffer): Buffer {
  const length = data.length;
  const header =
    length < 126
      ? Buffer.from([0x81, length])
      : length < 65_536
        ? Buffer.from([0x81, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 127]), bigLength(length)]);
  return Buffer.concat([header, data]);
}

function bigLength(length: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(length));
  return bytes;
}
