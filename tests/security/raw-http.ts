import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends one HTTP/1.1 request exactly as written (request target included: encoded characters,
 * absolute form, dot segments), the way an attacker's tool would, and reads the whole answer.
 */
export function rawRequest(
  port: number,
  target: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  // The Host is the server's own loopback address unless the caller names another.
  const named = Object.keys(headers).some((name) => name.toLowerCase() === 'host');
  const lines = [`${method} ${target} HTTP/1.1`, ...(named ? [] : [`Host: 127.0.0.1:${port}`]), 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  // A body is JSON unless the caller names its type (a plain form post, say).
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (body !== undefined) lines.push(...(typed ? [] : ['Content-Type: application/json']), `Content-Length: ${Buffer.byteLength(body)}`);
  const request = `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes its side may be hung up on before the answer
    // comes (Node does so when the answer waits on the database); `Connection: close` ends it.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}
