import { randomBytes } from 'node:crypto';
import net from 'node:net';

/**
 * The crash bench's socket clients (bench/crash.ts forks two, apart from the server). To measure the server's push
 * and not the client library, each socket is a bare TCP connection speaking the WebSocket and engine.io/socket.io
 * v4 wire protocol itself: the upgrade request, the server's open packet `0{…}`, our namespace connect `40`, the
 * server's pings `2` answered `3`, and events `42["gameRound",{…}]`; no timers, no event emitters per socket.
 * For `seconds` it records, per `gameRound` of a running crash round received, the delay from the server's tick
 * (`startsAt + elapsed`, the instant the tick read its clock) to the moment its bytes were read here; the same
 * machine, so the same clock.
 */
interface Job {
  base: string;
  socketPath: string;
  tokens: string[];
  seconds: number;
}

export interface CrashSocketsAnswer {
  connected: number;
  delaysMs: number[];
}

/** A client text frame: masked, as RFC 6455 requires of clients (an all-zero mask leaves the bytes as they are). */
function textFrame(text: string): Buffer {
  const data = Buffer.from(text);
  if (data.length > 125) throw new Error('crash sockets: only short client frames');
  return Buffer.concat([Buffer.from([0x81, 0x80 | data.length, 0, 0, 0, 0]), data]);
}

const CONNECT = textFrame('40');
const PONG = textFrame('3');

/** One server frame read off `buffer` at `at`: its opcode, payload and end, or undefined when not all here yet. */
function readFrame(buffer: Buffer, at: number) {
  if (buffer.length - at < 2) return undefined;
  const opcode = buffer[at]! & 0x0f;
  let length = buffer[at + 1]! & 0x7f;
  let start = at + 2;
  if (length === 126) {
    if (buffer.length - at < 4) return undefined;
    length = buffer.readUInt16BE(at + 2);
    start = at + 4;
  } else if (length === 127) {
    if (buffer.length - at < 10) return undefined;
    length = Number(buffer.readBigUInt64BE(at + 2));
    start = at + 10;
  }
  if (buffer.length < start + length) return undefined;
  return { opcode, payload: buffer.toString('utf8', start, start + length), end: start + length };
}

const READ_BUFFER = Buffer.alloc(256 * 1024);

type OnPacket = (packet: string, receivedAt: number) => void;

interface RawSocket {
  socket: net.Socket;
  open: boolean;
}

/** Opens one socket.io connection; resolves once the namespace answered `40{…}` (connected). */
function connect(job: Job, token: string, onEvent: OnPacket): Promise<RawSocket> {
  const url = new URL(job.base);
  return new Promise((resolve, reject) => {
    let pending: Buffer = Buffer.alloc(0);
    let upgraded = false;
    // Read straight into one buffer shared by the process's sockets (no stream, no allocation per read): each read
    // is parsed before the callback returns, and only a partial frame is copied out.
    const socket = net.connect({
      port: Number(url.port),
      host: url.hostname,
      onread: {
        buffer: READ_BUFFER,
        callback: (length: number) => {
          onBytes(READ_BUFFER.subarray(0, length));
          return true;
        },
      },
    });
    socket.setNoDelay(true);
    const raw: RawSocket = { socket, open: false };
    const onPacket = (packet: string, receivedAt: number) => {
      if (packet === '2') socket.write(PONG);
      else if (packet.startsWith('0{')) socket.write(CONNECT);
      else if (packet.startsWith('40')) {
        raw.open = true;
        resolve(raw);
      } else if (packet.startsWith('44')) reject(new Error(`crash sockets: refused ${packet}`));
      else if (packet.startsWith('42')) onEvent(packet, receivedAt);
    };
    const onBytes = (chunk: Buffer) => {
      const receivedAt = Date.now();
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      if (!upgraded) {
        const headEnd = pending.indexOf('\r\n\r\n');
        if (headEnd < 0) {
          pending = Buffer.from(pending);
          return;
        }
        if (!pending.toString('latin1', 0, 12).includes(' 101')) {
          reject(new Error(`crash sockets: ${pending.toString('latin1', 0, headEnd)}`));
          return;
        }
        upgraded = true;
        pending = pending.subarray(headEnd + 4);
      }
      let at = 0;
      for (let frame = readFrame(pending, at); frame; frame = readFrame(pending, at)) {
        at = frame.end;
        if (frame.opcode === 0x1) onPacket(frame.payload, receivedAt);
        else if (frame.opcode === 0x8) socket.end();
      }
      // The shared buffer is overwritten by the next read: what is left (a partial frame) is copied.
      pending = at === pending.length ? Buffer.alloc(0) : Buffer.from(pending.subarray(at));
    };
    socket.once('error', reject);
    socket.once('close', () => {
      raw.open = false;
    });
    socket.write(
      `GET ${job.socketPath}/?EIO=4&transport=websocket&token=${encodeURIComponent(token)} HTTP/1.1\r\n` +
        `Host: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

process.once('message', async (message) => {
  const job = message as Job;
  const delaysMs: number[] = [];
  let measuring = false;
  const onEvent: OnPacket = (packet, receivedAt) => {
    if (!measuring || !packet.startsWith('42["gameRound"')) return;
    const [, round] = JSON.parse(packet.slice(2)) as [string, Record<string, unknown>];
    if (
      round.game === 'crash' &&
      round.phase === 'running' &&
      typeof round.elapsed === 'number' &&
      round.elapsed
    )
      delaysMs.push(receivedAt - ((round.startsAt as number) + round.elapsed));
  };
  const sockets: RawSocket[] = [];
  for (let from = 0; from < job.tokens.length; from += 250)
    sockets.push(
      ...(await Promise.all(job.tokens.slice(from, from + 250).map((token) => connect(job, token, onEvent)))),
    );
  process.send!({ connected: sockets.length });
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, job.seconds * 1000));
  measuring = false;
  const connected = sockets.filter((raw) => raw.open).length;
  for (const raw of sockets) raw.socket.destroy();
  process.send!({ connected, delaysMs } satisfies CrashSocketsAnswer, () => process.exit(0));
});
