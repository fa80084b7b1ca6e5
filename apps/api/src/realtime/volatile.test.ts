import type { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { textFrame, writeVolatile } from './volatile.ts';

/** An engine.io connection on WebSocket whose TCP socket records what is written to it. */
function wsConn(busy: { writableLength?: number; writeBuffer?: number; writable?: boolean } = {}) {
  const writes: Buffer[] = [];
  const tcp = {
    destroyed: false,
    writableLength: busy.writableLength ?? 0,
    write: (data: Buffer) => writes.push(data) > 0,
  };
  const conn = {
    readyState: 'open',
    writeBuffer: Array.from({ length: busy.writeBuffer ?? 0 }),
    transport: {
      name: 'websocket',
      writable: busy.writable ?? true,
      socket: { readyState: 1, _socket: tcp, _sender: { _queue: [] } },
    },
  };
  return { conn, writes };
}

function fakeIo(conns: Record<string, { conn: unknown }>) {
  const emitted: { to: string[]; event: string; payload: unknown }[] = [];
  const sockets = new Map(Object.entries(conns).map(([id, { conn }]) => [id, { conn }]));
  const io = {
    of: () => ({ sockets }),
    volatile: {
      to: (ids: string[]) => ({
        emit: (event: string, payload: unknown) => emitted.push({ to: ids, event, payload }),
      }),
    },
  };
  return { io: io as unknown as Server, emitted };
}

describe('writeVolatile (crash ticks to thousands of sockets)', () => {
  it('writes one shared frame to each idle WebSocket, skips a busy one, and hands polling ones to socket.io', () => {
    const idle = [wsConn(), wsConn()];
    const slowTcp = wsConn({ writableLength: 120 });
    const queued = wsConn({ writeBuffer: 1, writable: false });
    const polling = {
      conn: { readyState: 'open', writeBuffer: [], transport: { name: 'polling', writable: true } },
    };
    const { io, emitted } = fakeIo({ a: idle[0]!, b: idle[1]!, slow: slowTcp, queued, poll: polling });
    const payload = { game: 'crash', phase: 'running', multiplier: 1.5 };

    expect(writeVolatile(io, 'gameRound', payload)).toEqual({ written: 2, skipped: 2 });
    const [first] = idle[0]!.writes;
    // The very same Buffer for every socket: encoded and framed once.
    expect(idle[1]!.writes[0]).toBe(first);
    const text = `42${JSON.stringify(['gameRound', payload])}`;
    expect(first!.subarray(0, 2)).toEqual(Buffer.from([0x81, text.length]));
    expect(first!.subarray(2).toString()).toBe(text);
    expect(slowTcp.writes).toEqual([]);
    expect(queued.writes).toEqual([]);
    expect(emitted).toEqual([{ to: ['poll'], event: 'gameRound', payload }]);
  });

  it('frames long payloads with the 16-bit and 64-bit lengths of RFC 6455', () => {
    expect(textFrame(Buffer.alloc(300, 'x')).subarray(0, 4)).toEqual(Buffer.from([0x81, 126, 1, 44]));
    const big = textFrame(Buffer.alloc(70_000, 'x'));
    expect(big.subarray(0, 2)).toEqual(Buffer.from([0x81, 127]));
    expect(big.readBigUInt64BE(2)).toBe(70_000n);
    expect(big.length).toBe(70_010);
  });
});
