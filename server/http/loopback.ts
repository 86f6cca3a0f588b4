import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  if (a === '::1') return true;
  return isIP(a) === 4 && a.startsWith('127.');
}

/** A listening host that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/**
 * A request that really comes from this machine: the socket's peer is loopback and no proxy
 * header is present. A reverse proxy on the same host connects from loopback too, so a request
 * it forwarded is never taken as local, whatever TRUST_PROXY says.
 */
export function isLocalRequest(req: IncomingMessage): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
}
