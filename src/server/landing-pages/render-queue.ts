import ipaddr from 'ipaddr.js';
import { RENDER_LIMITS, VIEWER_MESSAGES } from '../../shared/landing-pages/viewer.ts';
import { AppError } from '../http/errors.ts';

/**
 * Renders of pages that are not cached, one at a time in arrival order, each client with at most a
 * few running or waiting. Rendering is work for the server's only thread; one at a time, with a turn
 * of the event loop between two, keeps every other request moving, and the bound per client means
 * nobody can queue up renders for everyone else to wait behind. The limits hold per instance: the
 * work they bound is this instance's own.
 */

/** Refused: this client has enough renders waiting (429), or everyone has (503). Retry after a moment. */
export class RenderRefused extends AppError {
  constructor(
    statusCode: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, statusCode === 429 ? 'rate_limited' : 'busy', VIEWER_MESSAGES.busy);
  }
}

export interface RenderQueue {
  /** Runs `work` in its turn; throws RenderRefused at once, before any work, when over a limit. */
  run<T>(client: string, work: () => Promise<T>): Promise<T>;
}

const RETRY_AFTER_SECONDS = 2;

/**
 * Whom a limit counts: an IPv4 address, or an IPv6 address's /64 (one subscriber's network: its
 * addresses are free for that subscriber to change).
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

export function createRenderQueue({ perClient = RENDER_LIMITS.perClient, maxWaiting = 32 }: { perClient?: number; maxWaiting?: number } = {}): RenderQueue {
  const byClient = new Map<string, number>();
  const waiting: Array<() => void> = [];
  let accepted = 0;
  let busy = false;

  // The next render starts after a turn of the event loop, so requests that arrived meanwhile go first.
  const release = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else busy = false;
  };

  return {
    run(client, work) {
      const key = clientKey(client);
      const mine = byClient.get(key) ?? 0;
      if (mine >= perClient) throw new RenderRefused(429, RETRY_AFTER_SECONDS);
      if (accepted >= maxWaiting) throw new RenderRefused(503, RETRY_AFTER_SECONDS);
      byClient.set(key, mine + 1);
      accepted++;
      const turn = new Promise<void>((resolve) => {
        if (busy) waiting.push(resolve);
        else {
          busy = true;
          resolve();
        }
      });
      return turn.then(work).finally(() => {
        const left = byClient.get(key)! - 1;
        if (left > 0) byClient.set(key, left);
        else byClient.delete(key);
        accepted--;
        release();
      });
    },
  };
}
