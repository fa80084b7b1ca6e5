import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** PEM texts of a test PKI: a CA, the PSP's server certificate (localhost), our client certificate. */
export interface TestPki {
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** The PSP's own client certificate, which its webhook deliveries present (issued under `ca`). */
  pspClientCert: string;
  pspClientKey: string;
  /** A client certificate from another CA: the PSP must refuse it. */
  strangerCert: string;
  strangerKey: string;
}

/**
 * Makes the certificates with the openssl command line (X.509 issuing is not in node:crypto), in a temporary
 * directory that is removed at once: EC P-256 keys, one day of validity.
 */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'pix-pki-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = (name: string) =>
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file(name));
  const selfSigned = (name: string, subject: string) => {
    key(`${name}.key`);
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      file(`${name}.key`),
      '-subj',
      subject,
      '-days',
      '1',
      '-out',
      file(`${name}.crt`),
    );
  };
  const issued = (name: string, subject: string, ca: string, extensions: string) => {
    key(`${name}.key`);
    openssl('req', '-new', '-key', file(`${name}.key`), '-subj', subject, '-out', file(`${name}.csr`));
    writeFileSync(file(`${name}.ext`), extensions);
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file(`${ca}.crt`),
      '-CAkey',
      file(`${ca}.key`),
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      file(`${name}.ext`),
      '-out',
      file(`${name}.crt`),
    );
  };
  try {
    selfSigned('ca', '/CN=Test PSP CA');
    selfSigned('other', '/CN=Somebody else CA');
    issued(
      'server',
      '/CN=localhost',
      'ca',
      'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
    );
    issued('client', '/CN=aposta-client', 'ca', 'extendedKeyUsage=clientAuth\n');
    issued('stranger', '/CN=stranger', 'other', 'extendedKeyUsage=clientAuth\n');
    issued('pspclient', '/CN=psp-webhooks', 'ca', 'extendedKeyUsage=clientAuth\n');
    const read = (name: string) => readFileSync(file(name), 'utf8');
    return {
      ca: read('ca.crt'),
      serverCert: read('server.crt'),
      serverKey: read('server.key'),
      clientCert: read('client.crt'),
      clientKey: read('client.key'),
      strangerCert: read('stranger.crt'),
      strangerKey: read('stranger.key'),
      pspClientCert: read('pspclient.crt'),
      pspClientKey: read('pspclient.key'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
