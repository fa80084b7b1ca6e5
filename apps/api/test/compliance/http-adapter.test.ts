import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpListsAdapter } from '../../src/modules/compliance/lists.adapter.ts';

/** The adapter for COMPLIANCE_LISTS_URL against a local endpoint on a free port. */
describe('SIGAP lists over HTTP', () => {
  let server: Server;
  let url = '';
  const seen: { authorization?: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({ authorization: request.headers.authorization, body });
        const { cpf } = JSON.parse(body) as { cpf: string };
        if (cpf === '00000000191') {
          response.writeHead(503).end();
          return;
        }
        const lists =
          cpf === '52998224725'
            ? [
                { list: 'social_programs', listed: true, reference: 'R1' },
                { list: 'self_exclusion', listed: false },
              ]
            : [{ list: 'social_programs', listed: false }];
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ lists }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/impedidos`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the CPF with the token and reads a yes/no per list', async () => {
    const answers = await httpListsAdapter(url, 'secret').check('52998224725', new AbortController().signal);
    expect(answers).toEqual([
      { list: 'social_programs', listed: true, reference: 'R1' },
      { list: 'self_exclusion', listed: false },
    ]);
    expect(seen.at(-1)).toEqual({ authorization: 'Bearer secret', body: '{"cpf":"52998224725"}' });
  });

  it('fails on an error status and on an answer that leaves a list out', async () => {
    const adapter = httpListsAdapter(url, '');
    await expect(adapter.check('00000000191', new AbortController().signal)).rejects.toThrow('503');
    await expect(adapter.check('11144477735', new AbortController().signal)).rejects.toThrow(
      'self_exclusion',
    );
  });
});
