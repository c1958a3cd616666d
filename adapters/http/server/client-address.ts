/** What srvx's Node adapter (the production server) attaches to each Request. */
interface NodeRuntimeRequest {
  readonly runtime?: { readonly node?: { readonly req?: { readonly socket?: { readonly remoteAddress?: string } } } };
}

/**
 * The client's address, for rate limits: the socket's peer, never a header the client can write.
 * Behind `trustedProxies` proxies (TRUSTED_PROXY), the address the outermost of them saw: each
 * proxy appends its peer to X-Forwarded-For, so it is that many entries from the right of
 * the chain that ends with the socket's peer. Undefined when the request carries no socket
 * (a request rebuilt along the way): callers then share one bucket rather than none.
 */
export function clientAddress(request: Request, trustedProxies: number): string | undefined {
  const peer = (request as NodeRuntimeRequest).runtime?.node?.req?.socket?.remoteAddress;
  if (peer === undefined || trustedProxies <= 0) return peer;
  const forwarded = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)];
}

/**
 * The rate-limit key of an address: an IPv6 client usually holds a whole /64, so its addresses
 * count as one; IPv4 (also IPv4-mapped IPv6) stays whole.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("%")[0]!.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
