import { KIT_WEBHOOK_MESSAGES } from '../../../shared/kit/webhooks.ts';
import { isIpAddress, isPublicAddress } from '../../html-import/service.ts';

/**
 * Whether Kit can reach this server at PUBLIC_URL: https (Kit signs, but the events still carry
 * email addresses), and a host that is a name outside the local-only ones, or a public IP address.
 * Names are not resolved: Kit refuses private targets itself, and a wrong answer here only delays
 * that refusal to the moment the owner turns live updates on.
 */
export function webhookAvailability(publicUrl: string | undefined): { available: true; base: string } | { available: false; reason: string } {
  if (!publicUrl) return { available: false, reason: KIT_WEBHOOK_MESSAGES.needsPublicUrl };
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return { available: false, reason: KIT_WEBHOOK_MESSAGES.needsPublicUrl };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const localName = host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host) || !host.includes('.');
  const privateAddress = isIpAddress(host) && !isPublicAddress(host);
  if (url.protocol !== 'https:' || localName || privateAddress) return { available: false, reason: KIT_WEBHOOK_MESSAGES.needsPublicUrl };
  return { available: true, base: url.origin + url.pathname.replace(/\/$/, '') };
}
